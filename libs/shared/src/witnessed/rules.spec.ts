import type { NewScoreEvent } from './api';
import { allowedPoints, WITNESSED_LIMITS } from './constants';
import { consensus, firstSplit, gamePoint, isNewScoreEvent, liveScore, orderStream, reachedTarget, scoreOfStream, tapRefusal } from './rules';

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const now = Date.parse('2026-12-02T10:00:00Z');

/** A stream of taps from compact text: 'A1 B2 A1' (team + points), seq in order. */
function stream(text: string, start = 1): NewScoreEvent[] {
  return text
    .split(' ')
    .filter(Boolean)
    .map((t, i) => ({ kind: 'tap', team: t[0] as 'A' | 'B', points: Number(t.slice(1)), clientEventId: id(), deviceSeq: start + i, clientTime: new Date(now).toISOString(), undoes: null }));
}
const undo = (tap: NewScoreEvent, seq: number): NewScoreEvent => ({ ...tap, kind: 'undo', points: 0, clientEventId: id(), deviceSeq: seq, undoes: tap.clientEventId });

describe("a scorer's stream", () => {
  it('adds the taps per team, from 0–0', () => {
    const s = scoreOfStream(stream('A1 B2 A2'), '1s & 2s to 11');
    expect(s.score).toEqual({ A: 3, B: 2 });
    expect(s.progression).toEqual([{ A: 0, B: 0 }, { A: 1, B: 0 }, { A: 1, B: 2 }, { A: 3, B: 2 }]);
    expect(s.finished).toBe(false);
  });

  it('takes an undone tap out of the score and of the history', () => {
    const taps = stream('A1 B2 A2');
    const s = scoreOfStream([...taps, undo(taps[1], 4)], '1s & 2s to 11');
    expect(s.score).toEqual({ A: 3, B: 0 });
    expect(s.progression).toEqual([{ A: 0, B: 0 }, { A: 1, B: 0 }, { A: 3, B: 0 }]);
  });

  it('counts a resend once and orders by the device counter, not by arrival', () => {
    const taps = stream('A1 B1 A2');
    const arrived = [taps[2], taps[0], taps[0], taps[1], { ...taps[1] }];
    expect(orderStream(arrived).map((e) => e.deviceSeq)).toEqual([1, 2, 3]);
    expect(scoreOfStream(arrived, '1s & 2s to 11').progression.map((s) => `${s.A}-${s.B}`)).toEqual(['0-0', '1-0', '1-1', '3-1']);
  });

  it('finishes at the target; the last basket may carry past it; no win by two', () => {
    expect(reachedTarget({ A: 11, B: 10 }, '1s & 2s to 11')).toBe(true);
    expect(reachedTarget({ A: 23, B: 20 }, '2s & 3s to 21')).toBe(true);
    expect(reachedTarget({ A: 10, B: 10 }, '1s & 2s to 11')).toBe(false);
    expect(scoreOfStream(stream('A2 A2 A1'), '1s & 2s to 5').finished).toBe(true);
  });
});

describe('game point', () => {
  it('is one biggest basket from the target', () => {
    expect(gamePoint({ A: 9, B: 8 }, '1s & 2s to 11')).toEqual({ A: true, B: false });
    expect(gamePoint({ A: 18, B: 17 }, '2s & 3s to 21')).toEqual({ A: true, B: false });
    expect(gamePoint({ A: 11, B: 9 }, '1s & 2s to 11')).toEqual({ A: false, B: false });
  });
});

describe('consensus', () => {
  const t = '1s & 2s to 5' as const;
  it('needs both streams finished and equal', () => {
    const a = scoreOfStream(stream('A2 B1 A2 A1'), t);
    const b = scoreOfStream(stream('A2 B1 A2 A1'), t);
    expect(consensus('per-team', [a, b])).toEqual({ A: 5, B: 1 });
    expect(consensus('per-team', [a, scoreOfStream(stream('A2 B1 A2'), t)])).toBeNull();
    expect(consensus('per-team', [a, scoreOfStream(stream('A2 B2 A2 A1'), t)])).toBeNull();
    expect(consensus('per-team', [a])).toBeNull();
  });
  it('agrees on the same final score reached in another order', () => {
    expect(consensus('per-team', [scoreOfStream(stream('B1 A2 A2 A1'), t), scoreOfStream(stream('A2 B1 A2 A1'), t)])).toEqual({ A: 5, B: 1 });
  });
  it('takes the one stream of a single scorer', () => {
    expect(consensus('single', [scoreOfStream(stream('A2 A2 A1'), t)])).toEqual({ A: 5, B: 0 });
  });
});

describe('where two streams split', () => {
  const t = '1s & 2s to 21' as const;
  it('names the last score both had', () => {
    const common = 'A2 B2 A2 B2 A2 B2 A2 B2 A1'; // 9–8
    const a = scoreOfStream(stream(`${common} A1`), t);
    const b = scoreOfStream(stream(`${common} B1`), t);
    expect(firstSplit(a, b)).toBe('9–8');
    expect(liveScore([a, b])).toEqual({ A: 9, B: 8 });
  });
  it('is no split while one scorer is only behind, and the live score is the leader', () => {
    const a = scoreOfStream(stream('A2 B1 A1'), t);
    const b = scoreOfStream(stream('A2'), t);
    expect(firstSplit(a, b)).toBeNull();
    expect(liveScore([a, b])).toEqual({ A: 3, B: 1 });
    expect(liveScore([b, a])).toEqual({ A: 3, B: 1 });
  });
  it('heals when the wrong tap is undone', () => {
    const a = scoreOfStream(stream('A2 B1'), t);
    const wrong = stream('A2 A1');
    const fixed = [...wrong, undo(wrong[1], 3), ...stream('B1', 4)];
    expect(firstSplit(a, scoreOfStream(wrong, t))).toBe('2–0');
    expect(firstSplit(a, scoreOfStream(fixed, t))).toBeNull();
  });
});

describe('refusing a tap', () => {
  it('takes only the points of the scoring type', () => {
    const [tap] = stream('A3');
    expect(tapRefusal([], tap, '1s & 2s to 11', now)).toBe('points');
    expect(tapRefusal([], tap, '2s & 3s to 21', now)).toBeNull();
    expect(allowedPoints('2s & 3s to 11')).toEqual([2, 3]);
  });
  it('refuses a tap past the end of the game, not an undo', () => {
    const done = stream('A2 A2 A1');
    expect(tapRefusal(done, stream('B1', 4)[0], '1s & 2s to 5', now)).toBe('game-over');
    expect(tapRefusal(done, undo(done[2], 4), '1s & 2s to 5', now)).toBeNull();
  });
  it('undoes only a counting tap of the same stream', () => {
    const taps = stream('A1 B1');
    const u = undo(taps[1], 3);
    expect(tapRefusal(taps, u, '1s & 2s to 11', now)).toBeNull();
    expect(tapRefusal([...taps, u], undo(taps[1], 4), '1s & 2s to 11', now)).toBe('undo-unknown');
    expect(tapRefusal(taps, { ...u, team: 'A' }, '1s & 2s to 11', now)).toBe('undo-unknown');
    expect(tapRefusal(taps, { ...u, points: 1 }, '1s & 2s to 11', now)).toBe('invalid');
  });
  it('refuses a clock far ahead, not one behind (a phone that was offline)', () => {
    const [tap] = stream('A1');
    const ahead = { ...tap, clientTime: new Date(now + WITNESSED_LIMITS.maxClockSkewMs + 1000).toISOString() };
    const behind = { ...tap, clientTime: new Date(now - 3_600_000).toISOString() };
    expect(tapRefusal([], ahead, '1s & 2s to 11', now)).toBe('future-clock');
    expect(tapRefusal([], behind, '1s & 2s to 11', now)).toBeNull();
  });
  it('checks the shape of an event', () => {
    const [tap] = stream('A1');
    expect(isNewScoreEvent(tap)).toBe(true);
    expect(isNewScoreEvent({ ...tap, clientEventId: 'x' })).toBe(false);
    expect(isNewScoreEvent({ ...tap, deviceSeq: 0 })).toBe(false);
    expect(isNewScoreEvent({ ...tap, team: 'C' })).toBe(false);
    expect(isNewScoreEvent({ ...tap, scorer: 7 })).toBe(false);
    expect(isNewScoreEvent({ ...tap, undoes: tap.clientEventId })).toBe(false);
  });
});
