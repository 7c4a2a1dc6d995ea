import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { NewScoreEvent, ScoreboardView, TeamSide } from '@gotnext/shared';

/**
 * The scoreboard's memory on this phone (docs/realtime.md#the-scoreboard-offline), in IndexedDB so
 * a reload, a closed tab or a phone that kills the browser keeps it:
 * - `outbox`: every tap and undo until the server has stored it, in the phone's order (deviceSeq);
 * - `counters`: the phone's last deviceSeq per scorer and match, so a counter never repeats;
 * - `snapshots`: the last scoreboard the server answered, shown when a reload finds no network.
 * Everything is keyed by the player too: another login on the same phone never sends or sees it.
 */

export interface PendingTap {
  userId: number;
  matchId: number;
  event: NewScoreEvent;
}

interface Snapshot {
  userId: number;
  matchId: number;
  view: ScoreboardView;
}

interface ScoreDb extends DBSchema {
  outbox: { key: string; value: PendingTap; indexes: { 'by-stream': [number, number, number] } };
  counters: { key: [number, number]; value: { userId: number; matchId: number; last: number } };
  snapshots: { key: [number, number]; value: Snapshot };
}

const DB_NAME = 'gotnext-scoreboard';
let db: Promise<IDBPDatabase<ScoreDb>> | null = null;

function scoreDb(): Promise<IDBPDatabase<ScoreDb>> {
  db ??= openDB<ScoreDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('outbox', { keyPath: 'event.clientEventId' }).createIndex('by-stream', ['userId', 'matchId', 'event.deviceSeq']);
      d.createObjectStore('counters', { keyPath: ['userId', 'matchId'] });
      d.createObjectStore('snapshots', { keyPath: ['userId', 'matchId'] });
    },
  });
  return db;
}

/** Closes the database and forgets it (tests give each case a fresh IndexedDB). */
export async function forgetScoreDb(): Promise<void> {
  const open = db;
  db = null;
  if (open) (await open).close();
}

export interface TapDraft {
  kind: NewScoreEvent['kind'];
  team: TeamSide;
  points: number;
  undoes: string | null;
}

/**
 * Puts a tap in the outbox with the next deviceSeq, in one transaction: two quick taps never share
 * a counter. `serverLast` is the highest deviceSeq the server holds of this scorer (a new phone, or
 * cleared storage, continues after it).
 */
export async function addToOutbox(userId: number, matchId: number, draft: TapDraft, serverLast: number): Promise<PendingTap> {
  const d = await scoreDb();
  const tx = d.transaction(['counters', 'outbox'], 'readwrite');
  const counters = tx.objectStore('counters');
  const kept = await counters.get([userId, matchId]);
  const deviceSeq = Math.max(kept?.last ?? 0, serverLast) + 1;
  const tap: PendingTap = { userId, matchId, event: { ...draft, clientEventId: crypto.randomUUID(), deviceSeq, clientTime: new Date().toISOString() } };
  await Promise.all([counters.put({ userId, matchId, last: deviceSeq }), tx.objectStore('outbox').put(tap), tx.done]);
  return tap;
}

/** The taps waiting to be sent, in the phone's order. */
export async function pendingTaps(userId: number, matchId: number): Promise<PendingTap[]> {
  const d = await scoreDb();
  const range = IDBKeyRange.bound([userId, matchId, 0], [userId, matchId, Number.MAX_SAFE_INTEGER]);
  return d.getAllFromIndex('outbox', 'by-stream', range);
}

/** Drops taps the server has stored (or refused for good). */
export async function removeFromOutbox(clientEventIds: readonly string[]): Promise<void> {
  if (clientEventIds.length === 0) return;
  const d = await scoreDb();
  const tx = d.transaction('outbox', 'readwrite');
  await Promise.all([...clientEventIds.map((id) => tx.store.delete(id)), tx.done]);
}

export async function saveSnapshot(userId: number, view: ScoreboardView): Promise<void> {
  const d = await scoreDb();
  await d.put('snapshots', { userId, matchId: view.matchId, view });
}

export async function loadSnapshot(userId: number, matchId: number): Promise<ScoreboardView | undefined> {
  const d = await scoreDb();
  return (await d.get('snapshots', [userId, matchId]))?.view;
}
