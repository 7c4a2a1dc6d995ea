import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, POLL_INTERVAL_MS, ROUTES, WITNESSED_MSG, rooms, type ScoreEventPush, type ScoreboardView, type SpectatorScoreboard } from '@gotnext/shared';
import { call } from '../../api/client';
import { isUnreachable } from '../../api/errors';
import { readAgain } from '../../api/readAgain';
import { getSocket, onServerEvent, useLiveQuery, useRoom, useSocketStatus } from '../../realtime';
import { useSocketStatusStore } from '../../realtime/socket';
import { watchAsVisitor } from '../../realtime/spectatorSocket';
import { useAuthStore } from '../../stores/auth';
import { scoreboardKeys, withAnswer, withEvent, withState } from './scoreboardCache';
import { loadSnapshot, saveSnapshot } from './scoreOutbox';

/**
 * A player's scoreboard of a match, kept live (docs/realtime.md#the-scoreboard-offline): it joins
 * the match's room, each `score:event` adds its event and state in place, other scoreboard pushes
 * and `match:changed` read it again, and it polls while the socket is down. Every answer is kept
 * in IndexedDB; a read that cannot reach the server answers the kept one, so a reload without
 * signal still shows the score.
 */
export function useScoreboard(matchId: number, { joinRoom = true }: { joinRoom?: boolean } = {}) {
  const client = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const key = scoreboardKeys.view(matchId);
  const valid = Number.isFinite(matchId);
  // The lobby's scorer choice lives inside a page that holds the room already: a second holder
  // would leave it for both when it unmounts at Start.
  useRoom(valid && token && joinRoom ? rooms.match(matchId) : null, (result) => {
    if (result.ok) void readAgain(client, { queryKey: key });
  });
  useEffect(() => {
    if (!valid) return;
    const mine = (id: number) => id === matchId;
    const key = scoreboardKeys.view(matchId);
    const patch = (update: (v: ScoreboardView) => ScoreboardView) => client.setQueryData<ScoreboardView>(key, (v) => v && update(v));
    const stops = [
      onServerEvent('score:event', ({ event, state }) => mine(event.matchId) && patch((v) => withState(withEvent(v, event), state))),
      onServerEvent('scoreboard:state', (state) => mine(state.matchId) && patch((v) => withState(v, state))),
      onServerEvent('scoreboard:complete', (e) => mine(e.matchId) && void readAgain(client, { queryKey: key })),
      onServerEvent('match:changed', (e) => mine(e.match_id) && void readAgain(client, { queryKey: key })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client, matchId, valid]);
  const query = useLiveQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        const view = await call(ROUTES.scoreboard, { params: { matchId }, fallback: MSG.matchDetailsFailed, signal });
        return withAnswer(client.getQueryData<ScoreboardView>(key), view);
      } catch (err) {
        const kept = isUnreachable(err) && userId !== null ? await loadSnapshot(userId, matchId).catch(() => undefined) : undefined;
        if (kept) return withAnswer(client.getQueryData<ScoreboardView>(key), kept);
        throw err;
      }
    },
    enabled: token !== null && valid,
  });
  // Every view the cache holds (a read, a push, a send's reply) is kept for a reload offline.
  const view = query.data;
  useEffect(() => {
    if (view && userId !== null) void saveSnapshot(userId, view).catch(() => undefined);
  }, [view, userId]);
  return query;
}

/**
 * The public scoreboard of a link token, for anyone (docs/realtime.md#the-scoreboard-offline): a
 * logged-in watcher's socket joins the spectator room through `scoreboard:watch`, a visitor's page
 * opens a spectator socket of its own; either way again after each reconnect, and the read polls
 * while no socket hears the room.
 */
export function useSpectatorScoreboard(token: string) {
  const client = useQueryClient();
  const loggedIn = useAuthStore((s) => s.token !== null);
  const appSocket = useSocketStatus();
  const sessionCount = useSocketStatusStore((s) => s.sessionCount);
  const [watching, setWatching] = useState(false);

  const pushes = useMemo(() => {
    const key = scoreboardKeys.watch(token);
    const patch = (matchId: number, state: SpectatorScoreboard) => client.setQueryData<SpectatorScoreboard>(key, (v) => (v && v.matchId === matchId ? withState(v, state) : v));
    return {
      'score:event': ({ event, state }: ScoreEventPush) => patch(event.matchId, state),
      'scoreboard:state': (state: SpectatorScoreboard) => patch(state.matchId, state),
      'scoreboard:complete': () => void readAgain(client, { queryKey: key }),
    };
  }, [client, token]);

  // Logged in: the app's socket.
  useEffect(() => {
    const socket = getSocket();
    if (!loggedIn || !appSocket || !socket) return;
    socket.emit('scoreboard:watch', token, (result) => {
      setWatching(result.ok);
      if (result.ok) void readAgain(client, { queryKey: scoreboardKeys.watch(token) });
    });
    const stops = [
      onServerEvent('score:event', pushes['score:event']),
      onServerEvent('scoreboard:state', pushes['scoreboard:state']),
      onServerEvent('scoreboard:complete', pushes['scoreboard:complete']),
    ];
    return () => {
      stops.forEach((stop) => stop());
      socket.emit('scoreboard:unwatch', token);
      setWatching(false);
    };
  }, [client, token, loggedIn, appSocket, sessionCount, pushes]);

  // A visitor: a spectator socket for this page only.
  useEffect(() => {
    if (loggedIn) return;
    return watchAsVisitor(token, pushes, (ok) => {
      setWatching(ok);
      if (ok) void readAgain(client, { queryKey: scoreboardKeys.watch(token) });
    });
  }, [client, token, loggedIn, pushes]);

  return useQuery({
    queryKey: scoreboardKeys.watch(token),
    queryFn: async ({ signal }) => {
      const read = await call(ROUTES.spectatorScoreboard, { params: { token }, fallback: WITNESSED_MSG.linkNotFound, signal });
      // A poll that crossed a push must not take the score back (see withAnswer).
      const cached = client.getQueryData<SpectatorScoreboard>(scoreboardKeys.watch(token));
      return cached ? withState(read, cached) : read;
    },
    meta: { live: true },
    refetchInterval: watching ? false : POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });
}
