import type { ScoreEvent } from '@gotnext/shared';
import { RecentBoards } from './recent-boards';
import type { StoredBoard } from './witnessed-state';

const board = (id: number, status: string, events: string[] = []): StoredBoard =>
  ({
    match: { id, status },
    players: [],
    scorers: {},
    events: events.map((clientEventId) => ({ clientEventId }) as ScoreEvent),
    lastEventId: String(events.length),
  }) as unknown as StoredBoard;
const since = (...ids: string[]) => ids.map((clientEventId) => ({ clientEventId }) as ScoreEvent);

describe('RecentBoards', () => {
  it('keeps a live board with the events since and the new last id, and forgets it after a minute without a tap', () => {
    const recent = new RecentBoards();
    const next = recent.stored(board(1, 'in-progress', ['a']), since('b', 'c'), '3', 0);
    expect(next.events.map((e) => e.clientEventId)).toEqual(['a', 'b', 'c']);
    expect(next.lastEventId).toBe('3');
    expect(recent.get(1, 60_000)).toBe(next);
    expect(recent.get(1, 60_001)).toBeUndefined();
  });

  it('keeps no board of a match out of play, and drops one on request', () => {
    const recent = new RecentBoards();
    recent.stored(board(1, 'completed'), since('a'), '1', 0);
    expect(recent.get(1, 0)).toBeUndefined();
    recent.stored(board(2, 'in-progress'), since('a'), '1', 0);
    recent.drop(2);
    expect(recent.get(2, 0)).toBeUndefined();
  });

  it('holds at most 5,000 boards, letting go of the one longest without a tap', () => {
    const recent = new RecentBoards();
    for (let id = 1; id <= 5_001; id += 1) recent.stored(board(id, 'in-progress'), [], '0', 0);
    expect(recent.get(1, 0)).toBeUndefined();
    expect(recent.get(2, 0)).toBeDefined();
    expect(recent.get(5_001, 0)).toBeDefined();
  });
});
