/** A court's queue, check-ins or games changed: its page reads again (to `court:{id}`). */
export interface CourtChangedEvent {
  court_id: number;
  /** Server time of the change (ms since epoch), for latency measurement. */
  at: number;
}

/** To a called player's `user:{id}`: "You're up: confirm". */
export interface CourtCalledEvent {
  court_id: number;
  hold_expires_at: string;
}

/** To every player of a confirmed call: the match lobby to go to. */
export interface CourtLobbyEvent {
  court_id: number;
  match_id: number;
}
