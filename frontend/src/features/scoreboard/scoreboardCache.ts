import type { ScoreboardState, ScoreboardView, ScoreEvent } from '@gotnext/shared';

/** The scoreboard's query keys: a player's view of a match, and a link's public view. */
export const scoreboardKeys = {
  view: (matchId: number) => ['scoreboard', matchId] as const,
  watch: (token: string) => ['scoreboard', 'watch', token] as const,
};

/** The state fields of a push laid over a view, keeping its setup, events and link. */
export function withState<V extends ScoreboardState>(view: V, state: ScoreboardState): V {
  // A push that left the server before the view was read must not take it back in time.
  return state.at < view.at ? view : { ...view, ...state };
}

/** A pushed (or acked) event added to a player's view once, by its id. */
export function withEvent(view: ScoreboardView, event: ScoreEvent): ScoreboardView {
  if (view.events.some((e) => e.clientEventId === event.clientEventId)) return view;
  return { ...view, events: [...view.events, event] };
}
