import { useCallback, useEffect, useRef, useState } from 'react';
import { POLL_INTERVAL_MS, rooms, type MatchDetails } from '@gotnext/shared';
import { errorMessage } from '../../api/client';
import { useOnReconnect, usePolling, useRoom, useSocketEvent, useSocketStatus } from '../../realtime';
import { matchesApi } from './matchesApi';

/**
 * Match details kept current: refetched on every `match:changed` of the match's room, polled every
 * 3000 ms while the socket is down, and reloaded after a reconnect or a (re)join of the room, so
 * a change made between the first load and the room join is not missed.
 */
export function useLiveMatch(matchId: number, fallback: string) {
  const [match, setMatch] = useState<MatchDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latestRequest = useRef(0);
  const connected = useSocketStatus();

  const reload = useCallback(async () => {
    const ticket = ++latestRequest.current;
    try {
      const next = await matchesApi.details(matchId, fallback);
      // An older answer arriving late must not overwrite a newer one.
      if (ticket === latestRequest.current) {
        setMatch(next);
        setError(null);
      }
    } catch (err) {
      if (ticket === latestRequest.current) setError(errorMessage(err, fallback));
    }
  }, [matchId, fallback]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useRoom(Number.isFinite(matchId) ? rooms.match(matchId) : null, (result) => result.ok && void reload());
  useSocketEvent('match:changed', (e) => e.match_id === matchId && void reload());
  usePolling(reload, POLL_INTERVAL_MS, !connected);
  useOnReconnect(reload);

  return { match, error, reload, setMatch };
}
