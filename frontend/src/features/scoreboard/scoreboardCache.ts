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

/**
 * A server answer (a read, a poll, a send's reply) laid over the cached view. Answers cross on a
 * slow phone: a poll that left before a tap was stored can land after the tap's own reply, and
 * taken as it is it would drop that tap from a screen whose outbox no longer holds it. The event
 * log only grows, so the two logs are joined by id, and the state is the later one's.
 */
export function withAnswer(cached: ScoreboardView | undefined, answer: ScoreboardView): ScoreboardView {
  if (!cached || cached.matchId !== answer.matchId) return answer;
  const [later, earlier] = answer.at >= cached.at ? [answer, cached] : [cached, answer];
  return earlier.events.reduce(withEvent, later);
}
