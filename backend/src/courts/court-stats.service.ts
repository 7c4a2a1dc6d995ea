import { Injectable, NotFoundException } from '@nestjs/common';
import {
  COURT_MSG,
  COURT_STATS,
  displayRating,
  preferencesFrom,
  type CourtBusyHours,
  type CourtLeader,
  type CourtLeaders,
  type CourtStatsResponse,
  type CourtTitle,
} from '@gotnext/shared';
import { CappedMap } from '../common/capped-map';
import { CourtStatsRepository, type LeaderRow, type LeaderRows, type LeadersCheck } from './court-stats.repository';

interface Cached<T> {
  value: T;
  until: number;
}

/** `games`: the court's newest games as they were when the entry was read (`leadersCheck`). */
interface CachedLeaders extends Cached<LeaderRows> {
  games: string;
}

interface CachedBusy extends Cached<CourtBusyHours> {
  games: string;
}

/**
 * A court's busy hours and leaders (docs/courts.md#busy-hours, #court-leaders), kept apart from the
 * court page, which phones poll every 3 s while offline: the page never computes them, and the
 * client reads them once per visit and again when a game there completes.
 *
 * Each API instance keeps them in memory, believed only while one indexed read finds the court's
 * newest games unchanged (a result or its rating shows at once): busy hours for up to
 * `busyCacheSeconds` (a cell moves slowly over 8 weeks), leaders for up to `leadersCacheSeconds`
 * and while they are still live and verified; their preferences are applied as they are now.
 * Concurrent misses of one court share one computation.
 */
@Injectable()
export class CourtStatsService {
  private readonly busy = new CappedMap<number, CachedBusy>(5_000);
  private readonly leaderRows = new CappedMap<number, CachedLeaders>(5_000);
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(private readonly repo: CourtStatsRepository) {}

  async stats(courtId: number, viewerId: number): Promise<CourtStatsResponse> {
    const zone = await this.repo.visibleZone(courtId, viewerId);
    if (zone === null) throw new NotFoundException({ message: COURT_MSG.courtNotFound });
    const { check, leaders } = await this.leaders(courtId);
    const busyHours = await this.busyHours(courtId, zone, check.games);
    return { court_id: courtId, busy_hours: busyHours, leaders: this.asSeenBy(leaders, viewerId) };
  }

  /** The titles the player holds at the visible courts they played most at lately. */
  async titles(userId: number, viewerId: number): Promise<CourtTitle[]> {
    const courts = await this.repo.courtsPlayed(userId, viewerId, COURT_STATS.titleCourtsMax);
    const leaders = await Promise.all(courts.map(async (c) => (await this.leaders(c.court_id)).leaders));
    return courts.flatMap((c, i) => {
      const { king, legend } = leaders[i];
      const held: CourtTitle[] = [];
      if (king?.user_id === userId) held.push({ court_id: c.court_id, court_name: c.name, title: 'king' });
      if (legend?.user_id === userId) held.push({ court_id: c.court_id, court_name: c.name, title: 'legend' });
      return held;
    });
  }

  /** `games`: the court's newest games now; a game that completed since the entry was made makes it stale. */
  private async busyHours(courtId: number, zone: string, games: string): Promise<CourtBusyHours> {
    const hit = this.busy.get(courtId);
    if (hit && hit.until > Date.now() && hit.games === games && hit.value.time_zone === zone) return hit.value;
    return this.once(`busy:${courtId}`, async () => {
      const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
      for (const r of await this.repo.busyHours(courtId, zone)) counts[r.day - 1][r.hour] = r.n;
      const value: CourtBusyHours = { time_zone: zone, weeks: COURT_STATS.busyWeeks, counts };
      this.busy.set(courtId, { value, games, until: Date.now() + COURT_STATS.busyCacheSeconds * 1000 });
      return value;
    });
  }

  /** The leaders' rows with their preferences as they are now, and the check they were believed against. */
  private async leaders(courtId: number): Promise<{ check: LeadersCheck; leaders: LeaderRows }> {
    const hit = this.leaderRows.get(courtId);
    const ids = hit ? [hit.value.king, hit.value.legend].flatMap((r) => (r ? [r.user_id] : [])) : [];
    const check = await this.repo.leadersCheck(courtId, ids);
    if (hit && hit.until > Date.now()) {
      const now = new Map(check.holders.map((h) => [h.id, h.preferences]));
      if (check.games === hit.games && ids.every((id) => now.has(id))) {
        const fresh = (r: LeaderRow | null) => (r ? { ...r, preferences: now.get(r.user_id) } : null);
        return { check, leaders: { king: fresh(hit.value.king), legend: fresh(hit.value.legend) } };
      }
    }
    // The check was read first: a game that lands during the read leaves the entry already stale.
    const leaders = await this.once(`leaders:${courtId}`, async () => {
      const value = await this.repo.leaders(courtId);
      this.leaderRows.set(courtId, { value, games: check.games, until: Date.now() + COURT_STATS.leadersCacheSeconds * 1000 });
      return value;
    });
    return { check, leaders };
  }

  private asSeenBy(rows: LeaderRows, viewerId: number): CourtLeaders {
    const seen = (r: LeaderRow | null): CourtLeader | null => {
      if (!r) return null;
      const leader: CourtLeader = { user_id: r.user_id, username: r.username, games: r.games };
      if (r.user_id === viewerId || preferencesFrom(r.preferences).displayRating) leader.rating = displayRating(r.rating);
      return leader;
    };
    return { king: seen(rows.king), legend: seen(rows.legend), king_min_games: COURT_STATS.kingMinGames, days: COURT_STATS.leaderDays };
  }

  private once<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = compute().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }
}
