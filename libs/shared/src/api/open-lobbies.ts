import type { MatchType, ScoringType } from '../constants/matches';
import type { JoinMatchResponse } from './matches';

/** GET /api/open-lobbies: lobbies near the caller open to their rating (docs/matches.md#open-lobbies). */
export interface OpenLobby {
  match_id: number;
  match_type: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  /** The creator's username. */
  creator: string;
  /** Places still free. */
  players_needed: number;
  /** The range as shown ratings, "3.500". */
  min_rating: string;
  max_rating: string;
  /** The caller already plays in it: the tap opens the lobby. */
  joined: boolean;
  /** The lobby's page. */
  path: string;
}
export interface OpenLobbiesResponse {
  lobbies: OpenLobby[];
  /** The state/region the list is for (the caller's). */
  region: string;
  /** The caller's own shown rating, the one the ranges are compared with. */
  my_rating: string;
}
/** POST /api/open-lobbies/{matchId}/join: the join's answer and where the lobby is. */
export interface JoinOpenLobbyResponse extends JoinMatchResponse {
  match_type: MatchType;
  path: string;
}
