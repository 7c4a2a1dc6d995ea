import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, WITNESSED_MSG, rooms, type ScoreboardView, type SpectatorScoreboard } from '@gotnext/shared';
import { call } from '../../api/client';
import { isUnreachable } from '../../api/errors';
import { readAgain } from '../../api/readAgain';
import { getSocket, onServerEvent, useLiveQuery, useRoom, useSocketStatus } from '../../realtime';
import { useSocketStatusStore } from '../../realtime/socket';
import { useAuthStore } from '../../stores/auth';
import { scoreboardKeys, withEvent, withState } from './scoreboardCache';
import { loadSnapshot, saveSnapshot } from './scoreOutbox';

/**
 * A player's scoreboard of a match, kept live (docs/realtime.md#the-scoreboard-offline): it joins
 * the match's room, each `score:event` adds its event and state in place, other scoreboard pushes
 * and `match:changed` read it again, and it polls while the socket is down. Every answer is kept
 * in IndexedDB; a read that cannot reach the server answers the kept one, so a reload without
 * signal still shows the score.
 */
export function useScoreboard(matchId: number) {
  const client = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const key = scoreboardKeys.view(matchId);
  const valid = Number.isFinite(matchId);
  useRoom(valid && token ? rooms.match(matchId) : null, (result) => {
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
        if (userId !== null) void saveSnapshot(userId, view).catch(() => undefined);
        return view;
      } catch (err) {
        const kept = isUnreachable(err) && userId !== null ? await loadSnapshot(userId, matchId).catch(() => undefined) : undefined;
        if (kept) return kept;
        throw err;
      }
    },
    enabled: token !== null && valid,
  });
  // Pushes patch the cache without a read: what they bring is kept for a reload offline too.
  const view = query.data;
  useEffect(() => {
    if (view && userId !== null) void saveSnapshot(userId, view).catch(() => undefined);
  }, [view, userId]);
  return query;
}

/**
 * The public scoreboard of a link token, for anyone: it polls while no socket hears it (always,
 * for a visitor), and a logged-in watcher's socket joins the scoreboard's spectator room through
 * `scoreboard:watch`, again after each reconnect.
 */
export function useSpectatorScoreboard(token: string) {
  const client = useQueryClient();
  const key = scoreboardKeys.watch(token);
  const connected = useSocketStatus();
  const sessionCount = useSocketStatusStore((s) => s.sessionCount);
  useEffect(() => {
    const socket = getSocket();
    if (!connected || !socket) return;
    socket.emit('scoreboard:watch', token, (result) => {
      if (result.ok) void readAgain(client, { queryKey: scoreboardKeys.watch(token) });
    });
    return () => {
      socket.emit('scoreboard:unwatch', token);
    };
  }, [client, token, connected, sessionCount]);
  useEffect(() => {
    const patch = (matchId: number, state: SpectatorScoreboard) =>
      client.setQueryData<SpectatorScoreboard>(scoreboardKeys.watch(token), (v) => (v && v.matchId === matchId ? withState(v, state) : v));
    const stops = [
      onServerEvent('score:event', ({ event, state }) => patch(event.matchId, state)),
      onServerEvent('scoreboard:state', (state) => patch(state.matchId, state)),
      onServerEvent('scoreboard:complete', () => void readAgain(client, { queryKey: scoreboardKeys.watch(token) })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client, token]);
  return useLiveQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(ROUTES.spectatorScoreboard, { params: { token }, fallback: WITNESSED_MSG.linkNotFound, signal }),
  });
}
