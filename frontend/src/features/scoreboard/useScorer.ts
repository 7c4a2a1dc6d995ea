import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, scoreOfStream, type ScoreboardView, type ScoreEvent, type StreamScore, type TeamSide } from '@gotnext/shared';
import { useSocketStatusStore } from '../../realtime/socket';
import { buzz } from './haptics';
import { scoreboardKeys, withAnswer, withEvent } from './scoreboardCache';
import { addToOutbox, pendingTaps, removeFromOutbox, saveSnapshot, type PendingTap, type TapDraft } from './scoreOutbox';
import { sendTaps } from './scoreSender';

export interface Scorer {
  /** This scorer's own stream: what the server stored of theirs, then what waits in the outbox. */
  stream: StreamScore;
  /** Taps and undos not yet stored by the server ("N points waiting to sync"). */
  waiting: number;
  tap: (team: TeamSide, points: number) => void;
  /** Takes back this scorer's last tap that still counts; false when there is none. */
  undo: () => boolean;
  /** The last refusal the server gave a tap, in its words. */
  refusal: string | null;
}

/**
 * A scorer's taps (docs/realtime.md#the-scoreboard-offline): each goes into the IndexedDB outbox
 * first, then out in the phone's order; the screen counts it at once. The outbox is sent after
 * each tap, when the socket joins again, when the browser is back online, and every 3 s while
 * anything waits; one send at a time, so the order holds.
 */
export function useScorer(view: ScoreboardView | undefined, userId: number | null): Scorer {
  const client = useQueryClient();
  const matchId = view?.matchId ?? null;
  const [pending, setPending] = useState<PendingTap[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sending = useRef(false);
  const again = useRef(false);
  // A scoreboard left (or remounted) stops sending: its loop would otherwise keep taking taps out
  // of the phone's outbox, and their answers would reach a screen nobody looks at.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mine = useMemo(() => (view && userId !== null ? view.events.filter((e) => e.scorer === userId) : []), [view, userId]);
  const serverLast = mine.reduce((m, e) => Math.max(m, e.deviceSeq), 0);
  const stored = useMemo(() => new Set(mine.map((e) => e.clientEventId)), [mine]);
  const waitingTaps = useMemo(() => pending.filter((p) => !stored.has(p.event.clientEventId)), [pending, stored]);
  const scoring = view?.scoringType;
  const stream = useMemo(() => scoreOfStream([...mine, ...waitingTaps.map((p) => p.event)], scoring ?? '1s & 2s to 11'), [mine, waitingTaps, scoring]);

  const keepAnswer = useCallback(
    async ({ view: answer, event }: { view?: ScoreboardView; event?: ScoreEvent }) => {
      if (matchId === null || userId === null) return;
      const key = scoreboardKeys.view(matchId);
      const cached = client.getQueryData<ScoreboardView>(key);
      const next = answer ? withAnswer(cached, answer) : cached && event ? withEvent(cached, event) : cached;
      if (!next) return;
      client.setQueryData(key, next);
      await saveSnapshot(userId, next).catch(() => undefined);
    },
    [client, matchId, userId],
  );

  const flush = useCallback(async () => {
    if (matchId === null || userId === null || !mounted.current) return;
    if (sending.current) {
      again.current = true;
      return;
    }
    sending.current = true;
    try {
      for (;;) {
        again.current = false;
        const taps = await pendingTaps(userId, matchId);
        if (!mounted.current) return;
        setPending(taps);
        if (taps.length === 0 || !navigator.onLine) break;
        const outcome = await sendTaps(taps);
        if (outcome.kind === 'later') {
          if (outcome.message) setRefusal(outcome.message);
          break;
        }
        // The answer is kept on the phone before its taps leave the outbox: a board left or
        // reloaded in between still finds every tap in one of the two.
        if (outcome.kind === 'stored') await keepAnswer(outcome);
        await removeFromOutbox(outcome.ids);
        setRefusal(outcome.kind === 'dropped' ? outcome.message : null);
      }
      const left = await pendingTaps(userId, matchId);
      if (mounted.current) setPending(left);
    } finally {
      sending.current = false;
      if (again.current) void flush();
    }
  }, [keepAnswer, matchId, userId]);

  // Sent when the page opens (taps kept from before a reload), when the socket joins again and
  // when the network is back.
  const sessionCount = useSocketStatusStore((s) => s.sessionCount);
  useEffect(() => {
    void flush();
  }, [flush, sessionCount]);
  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);
  const waiting = waitingTaps.length;
  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => void flush(), POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [flush, waiting]);

  const add = useCallback(
    (draft: TapDraft) => {
      if (matchId === null || userId === null) return;
      void addToOutbox(userId, matchId, draft, serverLast).then((tap) => {
        setPending((p) => [...p, tap]);
        void flush();
      });
    },
    [flush, matchId, serverLast, userId],
  );

  const tap = useCallback(
    (team: TeamSide, points: number) => {
      buzz('point');
      add({ kind: 'tap', team, points, undoes: null });
    },
    [add],
  );

  const events = useMemo(() => [...mine, ...waitingTaps.map((p) => p.event)], [mine, waitingTaps]);
  const undo = useCallback(() => {
    const last = stream.taps[stream.taps.length - 1];
    const target = last && events.find((e) => e.clientEventId === last);
    if (!target) return false;
    buzz('undo');
    add({ kind: 'undo', team: target.team, points: 0, undoes: target.clientEventId });
    return true;
  }, [add, events, stream.taps]);

  return { stream, waiting, tap, undo, refusal };
}
