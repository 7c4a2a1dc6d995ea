import { deadlinesOf } from './match-deadline-reconciler';
import type { OpenMatchClock } from './matches.repository';
import { MATCH_DEADLINES_MS } from './match-deadlines';

const now = new Date('2026-01-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
const match = (over: Partial<OpenMatchClock>): OpenMatchClock => ({
  id: 1,
  status: 'in-progress',
  started_at: null,
  disputed_at: null,
  moderation_since: null,
  second_reminder_at: null,
  sides: 0,
  now,
  ...over,
});
const kinds = (m: OpenMatchClock) => deadlinesOf(m).map((d) => d.kind);

describe('deadlinesOf: the deadline jobs an open match must have', () => {
  it('gives a started match both deadlines, due from its start', () => {
    const d = deadlinesOf(match({ started_at: hoursAgo(1) }));
    expect(d.map((x) => x.kind)).toEqual(['second-reminder', 'single-report']);
    expect(d[0].delay).toBe(MATCH_DEADLINES_MS.secondReminder - 3600_000 + 1000);
    expect(d[1].delay).toBe(MATCH_DEADLINES_MS.singleReport - 3600_000 + 1000);
  });

  it('fires a past deadline at once only when its handler would act', () => {
    expect(kinds(match({ started_at: hoursAgo(50), sides: 0 }))).toEqual([]);
    expect(deadlinesOf(match({ started_at: hoursAgo(50), sides: 1 }))).toEqual([
      { kind: 'second-reminder', delay: 1000 },
      { kind: 'single-report', delay: 1000 },
    ]);
    expect(kinds(match({ started_at: hoursAgo(30), sides: 1, second_reminder_at: hoursAgo(6) }))).toEqual(['single-report']);
  });

  it('gives a dispute its 72 h move, and one in the ops queue its 7-day void', () => {
    expect(kinds(match({ status: 'disputed', started_at: hoursAgo(100), disputed_at: hoursAgo(80), sides: 2 }))).toEqual(['void-dispute']);
    const queued = deadlinesOf(match({ status: 'disputed', disputed_at: hoursAgo(80), moderation_since: hoursAgo(8) }));
    expect(queued).toEqual([{ kind: 'moderation-void', delay: MATCH_DEADLINES_MS.moderationVoid - 8 * 3600_000 + 1000 }]);
  });
});
