import { useQueryClient } from '@tanstack/react-query';
import { rooms } from '@gotnext/shared';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { useLiveQuery, useRoom } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import type { MatchScope } from './matchScope';
import { matchesApi } from './matchesApi';
import { overallScope } from './overallScope';

/**
 * A match's details, kept current: the screen joins the match's room while mounted, every
 * `match:changed` of it refetches (realtime/queryBridge.ts), it polls while the socket is down, and
 * it reloads after a (re)join of the room, so a change made between the first load and the join is
 * not missed. `fallback` is the screen's own text for a failure without a server message; `scope`
 * says which call reads it (a league match's own, under the same key, so one push serves both).
 */
export function useMatch(matchId: number, fallback: string, scope: MatchScope = overallScope) {
  const client = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const valid = Number.isFinite(matchId);
  useRoom(valid && token ? rooms.match(matchId) : null, (result) => {
    if (result.ok) void readAgain(client, { queryKey: queryKeys.match(matchId) });
  });
  return useLiveQuery({
    queryKey: queryKeys.match(matchId),
    queryFn: ({ signal }) => scope.api.details(matchId, fallback, signal),
    enabled: token !== null,
  });
}

/**
 * What each side reported and proposes in a disputed match, kept live like the lobby: the page
 * joins the match's room, every `match:changed` refetches it, it polls while the socket is down
 * (docs/matches.md#disputes: the other side's current proposal is shown live).
 */
export function useDisputeDetails(matchId: number, scope: MatchScope = overallScope) {
  const client = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const valid = Number.isFinite(matchId);
  useRoom(valid && token ? rooms.match(matchId) : null, (result) => {
    if (result.ok) void readAgain(client, { queryKey: scope.api.disputeKey(matchId) });
  });
  return useLiveQuery({
    queryKey: scope.api.disputeKey(matchId),
    queryFn: ({ signal }) => scope.api.disputeDetails(matchId, signal),
    enabled: token !== null,
  });
}

/** The caller's open matches (docs/matches.md#my-matches): the Current match banner and /stats. Live. */
export function useMyMatches() {
  const token = useAuthStore((s) => s.token);
  return useLiveQuery({
    queryKey: queryKeys.myMatches(),
    queryFn: ({ signal }) => matchesApi.myMatches(signal),
    enabled: token !== null,
  });
}
