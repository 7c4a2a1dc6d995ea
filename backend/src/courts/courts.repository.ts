import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { COURT_LIMITS, type AdminCourt, type Court, type CourtSummary } from '@gotnext/shared';
import { escapeLike } from '../blocks/blocks.repository';
import { PreparedRepository } from '../database/prepared.repository';

export interface CourtRow {
  id: number;
  name: string;
  address: string;
  lat: number;
  lng: number;
  indoor: boolean;
  hoops: number;
  game_size: number;
  notes: string;
  winner_stays: number;
  status: 'pending' | 'approved' | 'removed';
  creator_id: number;
}

export interface NewCourt {
  name: string;
  nameKey: string;
  address: string;
  lat: number;
  lng: number;
  region: string;
  indoor: boolean;
  hoops: number;
  gameSize: number;
  notes: string;
  creatorId: number;
  /** IANA zone of the court's local hours (docs/courts.md#busy-hours). */
  timeZone: string;
}

const COURT_COLUMNS = 'c.id, c.name, c.address, c.lat, c.lng, c.indoor, c.hoops, c.game_size, c.notes, c.winner_stays, c.status, c.creator_id';
/** Players checked in now (a check-in idle longer than the inactivity limit has ended, docs/courts.md#check-in). */
const LIVE_CHECKIN = `k.left_at IS NULL AND k.last_seen_at > now() - interval '${COURT_LIMITS.inactivityMinutes} minutes'`;
const HEADCOUNT = `(SELECT count(*)::int FROM court_checkins k WHERE k.court_id = c.id AND ${LIVE_CHECKIN})`;
/** The open run's queue, by its key: as a join, PostgreSQL hashed the whole queue table once per court listed. */
const QUEUE_LENGTH = `(SELECT count(*)::int FROM court_queue q WHERE q.session_id = (SELECT s.id FROM court_sessions s WHERE s.court_id = c.id AND s.ended_at IS NULL))`;
/** Haversine in metres from ($1 lat, $2 lng), as libs/shared haversineMeters computes it. */
const DISTANCE = `(2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(c.lat - $1) / 2), 2) + cos(radians($1)) * cos(radians(c.lat)) * power(sin(radians(c.lng - $2) / 2), 2)))))`;
/** A degree of latitude on the haversine's sphere (6,371,008.8 m), in metres. */
const METRES_PER_DEGREE = (2 * Math.PI * 6371008.8) / 360;
/** What the viewer ($V) may see: reviewed courts, and their own new ones. */
const VISIBLE = (viewer: string) => `c.status <> 'removed' AND (c.status = 'approved' OR c.creator_id = ${viewer})`;

/**
 * Whether a nearest-neighbour read of `read` courts (`got` came back, the last `edge` degrees
 * away) settles "near me": every court not read is at least `edge` degrees away, so at least
 * `unreadFrom` metres, and none of them can then be nearer than the last one kept.
 */
function settled(lat: number, radiusM: number, limit: number, read: number, got: number, edge: number, lastKeptM: number, keptCount: number): boolean {
  const unreadFrom = 0.99 * METRES_PER_DEGREE * Math.cos(((Math.abs(lat) + edge) * Math.PI) / 180) * edge;
  return got < read || unreadFrom >= radiusM || (keptCount === limit && lastKeptM <= unreadFrom);
}

type SummaryRow = CourtRow & { distance_m: number | null; headcount: number; queue_length: number; favourite: boolean };

function toSummary(r: SummaryRow): CourtSummary {
  return {
    court_id: r.id,
    name: r.name,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    indoor: r.indoor,
    hoops: r.hoops,
    game_size: r.game_size,
    status: r.status === 'approved' ? 'approved' : 'pending',
    distance_m: r.distance_m === null ? null : Math.round(r.distance_m),
    headcount: r.headcount,
    queue_length: r.queue_length,
    run_forming: r.headcount >= 2 * r.game_size,
    favourite: r.favourite,
  };
}

export function toCourt(r: SummaryRow): Court {
  return { ...toSummary(r), notes: r.notes, winner_stays: r.winner_stays, creator_id: r.creator_id };
}

/** Every statement on `courts`, `court_flags` and `court_favourites` (docs/courts.md). */
@Injectable()
export class CourtsRepository extends PreparedRepository {
  /** Held for the rest of the transaction: adds of one name, and one player's adds, go one at a time. */
  async lockAdd(nameKey: string, userId: number, m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('court-name:' || $1)), pg_advisory_xact_lock(hashtext('court-adds'), $2)`, [nameKey, userId]);
  }

  /** A live court of the same name within `radiusM`, if any. */
  async sameNameNear(nameKey: string, lat: number, lng: number, radiusM: number, m: EntityManager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(`SELECT c.id FROM courts c WHERE c.name_key = $3 AND c.status <> 'removed' AND ${DISTANCE} <= $4 ORDER BY ${DISTANCE} LIMIT 1`, [
      lat,
      lng,
      nameKey,
      radiusM,
    ]);
    return rows[0]?.id ?? null;
  }

  async addsInLastDay(userId: number, m: EntityManager): Promise<number> {
    const rows: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM courts WHERE creator_id = $1 AND created_at > now() - interval '24 hours'`, [userId]);
    return rows[0].n;
  }

  async insert(c: NewCourt, m: EntityManager): Promise<number> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO courts (name, name_key, address, lat, lng, region, indoor, hoops, game_size, notes, creator_id, time_zone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [c.name, c.nameKey, c.address, c.lat, c.lng, c.region, c.indoor, c.hoops, c.gameSize, c.notes, c.creatorId, c.timeZone],
    );
    return rows[0].id;
  }

  /** The court as `viewerId` sees it (null when hidden from them or gone), with its live counts. */
  async view(id: number, viewerId: number, m: EntityManager = this.db.manager): Promise<Court | null> {
    const rows: SummaryRow[] = await m.query(
      `SELECT ${COURT_COLUMNS}, NULL::float8 AS distance_m, ${HEADCOUNT} AS headcount, ${QUEUE_LENGTH} AS queue_length,
              EXISTS (SELECT 1 FROM court_favourites f WHERE f.court_id = c.id AND f.user_id = $1) AS favourite
         FROM courts c WHERE c.id = $2 AND ${VISIBLE('$1')}`,
      [viewerId, id],
    );
    return rows[0] ? toCourt(rows[0]) : null;
  }

  /** The row, whatever its status (the ops' queue, merges). */
  async find(id: number, m: EntityManager = this.db.manager): Promise<CourtRow | null> {
    const rows: CourtRow[] = await m.query(`SELECT ${COURT_COLUMNS} FROM courts c WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lock(id: number, m: EntityManager): Promise<CourtRow | null> {
    const rows: CourtRow[] = await m.query(`SELECT ${COURT_COLUMNS} FROM courts c WHERE c.id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Courts within `radiusM` of a point, nearest first, at most `limit`. Read by the GiST index's
   * nearest-neighbour order (`<->`, courts_position_idx) a few times `limit` at a time, not by the
   * whole 50 km box: a metro's box holds a thousand courts or more (bench/courts.bench.mjs). `<->`
   * is a distance in degrees, so the exact haversine orders what was read, and the read grows
   * until no court left unread can be nearer than the last one kept: one `limit`-th of a degree of
   * longitude is cos(latitude) as long as one of latitude. Near a pole or the antimeridian, where
   * degrees mislead, the box decides as before.
   */
  async near(
    viewerId: number,
    lat: number,
    lng: number,
    box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
    radiusM: number,
    limit: number,
  ): Promise<CourtSummary[]> {
    if (Math.abs(lat) > 75 || Math.abs(lng) > 170) {
      const inBox = `SELECT c.id FROM courts c WHERE ${VISIBLE('$3')} AND point(c.lng, c.lat) <@ box(point($4, $5), point($6, $7)) AND ${DISTANCE} <= $8 ORDER BY ${DISTANCE}, c.id LIMIT $9`;
      return this.summaries(`c.id IN (${inBox}) ORDER BY distance_m, c.id`, [lat, lng, viewerId, box.minLng, box.minLat, box.maxLng, box.maxLat, radiusM, limit]);
    }
    let ids: number[] = [];
    for (let read = limit * 3; ; read *= 4) {
      const rows: { id: number; m: number; deg: number }[] = await this.db.query(
        `SELECT c.id, ${DISTANCE} AS m, point(c.lng, c.lat) <-> point($2, $1) AS deg FROM courts c
          WHERE ${VISIBLE('$3')} ORDER BY point(c.lng, c.lat) <-> point($2, $1) LIMIT $4`,
        [lat, lng, viewerId, read],
      );
      const kept = rows
        .filter((r) => r.m <= radiusM)
        .sort((a, b) => a.m - b.m || a.id - b.id)
        .slice(0, limit);
      ids = kept.map((r) => r.id);
      if (settled(lat, radiusM, limit, read, rows.length, rows.at(-1)?.deg ?? 0, kept.at(-1)?.m ?? 0, kept.length)) break;
    }
    if (!ids.length) return [];
    return this.summaries(`c.id = ANY($4::int[]) ORDER BY distance_m, c.id`, [lat, lng, viewerId, ids]);
  }

  /**
   * "Near me" and the viewer's favourites in one prepared statement: the first nearest-neighbour
   * read of `near` with its edge, the kept courts' summaries and the favourites' (at most 50, by
   * distance). Three statements planned anew on every call were most of a request's CPU in
   * PostgreSQL and the API (docs/courts.md#finding-a-court). When the edge does not settle it (a sparse
   * read, or near a pole or the antimeridian), `near` reads on as before.
   */
  async nearby(
    viewerId: number,
    lat: number,
    lng: number,
    box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
    radiusM: number,
    limit: number,
  ): Promise<{ near: CourtSummary[]; favourites: CourtSummary[] }> {
    const read = limit * 3;
    const rows: (SummaryRow & { part: 'favourite' | 'near' | null; read: number; deg: number | null })[] = await this.prepared(
      'courts.nearby',
      `WITH cand AS MATERIALIZED (
         SELECT c.id, ${DISTANCE} AS m, point(c.lng, c.lat) <-> point($2, $1) AS deg FROM courts c
          WHERE ${VISIBLE('$3')} ORDER BY point(c.lng, c.lat) <-> point($2, $1) LIMIT $4),
       edge AS (SELECT count(*)::int AS read, max(deg) AS deg FROM cand),
       picked AS (
         (SELECT id, 'near' AS part FROM cand WHERE m <= $5 ORDER BY m, id LIMIT $6)
         UNION ALL
         (SELECT c.id, 'favourite' FROM court_favourites f JOIN courts c ON c.id = f.court_id
           WHERE f.user_id = $3 AND ${VISIBLE('$3')} ORDER BY ${DISTANCE}, c.name_key LIMIT 50))
       SELECT p.part, e.read, e.deg, ${COURT_COLUMNS}, ${DISTANCE} AS distance_m, ${HEADCOUNT} AS headcount, ${QUEUE_LENGTH} AS queue_length,
              EXISTS (SELECT 1 FROM court_favourites f WHERE f.court_id = c.id AND f.user_id = $3) AS favourite
         FROM edge e LEFT JOIN (picked p JOIN courts c ON c.id = p.id) ON true
        ORDER BY p.part, distance_m, CASE WHEN p.part = 'favourite' THEN c.name_key END, c.id`,
      [lat, lng, viewerId, read, radiusM, limit],
    );
    const favourites = rows.filter((r) => r.part === 'favourite').map(toSummary);
    const kept = rows.filter((r) => r.part === 'near');
    const { read: got, deg } = rows[0];
    const polar = Math.abs(lat) > 75 || Math.abs(lng) > 170;
    if (!polar && settled(lat, radiusM, limit, read, got, deg ?? 0, kept.at(-1)?.distance_m ?? 0, kept.length)) return { near: kept.map(toSummary), favourites };
    return { near: await this.near(viewerId, lat, lng, box, radiusM, limit), favourites };
  }

  /** Courts whose name contains `query` (case and punctuation aside), by name. */
  byName(viewerId: number, query: string, lat: number | null, lng: number | null, limit: number): Promise<CourtSummary[]> {
    return this.summaries(`c.name_key LIKE $4 ESCAPE '\\' ORDER BY c.name_key, c.id LIMIT $5`, [lat, lng, viewerId, `%${escapeLike(query)}%`, limit]);
  }

  byRegion(viewerId: number, region: string, limit: number): Promise<CourtSummary[]> {
    return this.summaries(`c.region = $4 ORDER BY c.name_key, c.id LIMIT $5`, [null, null, viewerId, region, limit]);
  }

  favourites(viewerId: number, lat: number | null, lng: number | null): Promise<CourtSummary[]> {
    return this.summaries(`c.id IN (SELECT court_id FROM court_favourites WHERE user_id = $3) ORDER BY distance_m NULLS LAST, c.name_key LIMIT 50`, [lat, lng, viewerId]);
  }

  /** $1, $2: the caller's position or nulls; $3: the viewer. */
  private async summaries(where: string, params: unknown[]): Promise<CourtSummary[]> {
    const rows: SummaryRow[] = await this.db.query(
      `SELECT ${COURT_COLUMNS}, CASE WHEN $1::float8 IS NULL OR $2::float8 IS NULL THEN NULL ELSE ${DISTANCE.replace(/\$1/g, '$1::float8').replace(/\$2/g, '$2::float8')} END AS distance_m,
              ${HEADCOUNT} AS headcount, ${QUEUE_LENGTH} AS queue_length,
              EXISTS (SELECT 1 FROM court_favourites f WHERE f.court_id = c.id AND f.user_id = $3) AS favourite
         FROM courts c WHERE ${VISIBLE('$3')} AND ${where}`,
      params,
    );
    return rows.map(toSummary);
  }

  /** False when this player had flagged it already. */
  async flag(courtId: number, userId: number, reason: string): Promise<boolean> {
    const rows = await this.db.query(`INSERT INTO court_flags (court_id, user_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING court_id`, [
      courtId,
      userId,
      reason,
    ]);
    return rows.length > 0;
  }

  async setFavourite(courtId: number, userId: number, favourite: boolean): Promise<void> {
    await this.db.query(
      favourite ? `INSERT INTO court_favourites (user_id, court_id) VALUES ($1, $2) ON CONFLICT DO NOTHING` : `DELETE FROM court_favourites WHERE user_id = $1 AND court_id = $2`,
      [userId, courtId],
    );
  }

  async setWinnerStays(courtId: number, games: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE courts SET winner_stays = $2 WHERE id = $1`, [courtId, games]);
  }

  /** The ops' queue: courts not reviewed yet and courts with open flags, oldest first. */
  async reviewQueue(): Promise<AdminCourt[]> {
    const rows: (CourtRow & { created_at: Date; creator_name: string; flags: { reason: string; by: string; at: string }[] | null })[] = await this.db.query(
      `SELECT ${COURT_COLUMNS}, c.created_at, u.username AS creator_name,
              (SELECT json_agg(json_build_object('reason', f.reason, 'by', fu.username, 'at', f.created_at) ORDER BY f.created_at)
                 FROM court_flags f JOIN users fu ON fu.id = f.user_id WHERE f.court_id = c.id AND f.resolved_at IS NULL) AS flags
         FROM courts c JOIN users u ON u.id = c.creator_id
        WHERE c.status = 'pending' OR (c.status = 'approved' AND EXISTS (SELECT 1 FROM court_flags f WHERE f.court_id = c.id AND f.resolved_at IS NULL))
        ORDER BY c.created_at, c.id LIMIT 200`,
    );
    return rows.map((r) => ({
      court_id: r.id,
      name: r.name,
      address: r.address,
      lat: r.lat,
      lng: r.lng,
      status: r.status === 'approved' ? 'approved' : 'pending',
      creator: { user_id: r.creator_id, username: r.creator_name },
      created_at: new Date(r.created_at).toISOString(),
      flags: r.flags ?? [],
    }));
  }

  async approve(id: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE courts SET status = 'approved' WHERE id = $1`, [id]);
    await this.resolveFlags(id, m);
  }

  async rename(id: number, name: string, nameKey: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE courts SET name = $2, name_key = $3 WHERE id = $1`, [id, name, nameKey]);
  }

  /** Removed (kept for the games played there); merged: its favourites move to the court it became. */
  async remove(id: number, m: EntityManager, mergedInto: number | null = null): Promise<void> {
    if (mergedInto !== null) {
      await m.query(`INSERT INTO court_favourites (user_id, court_id) SELECT user_id, $2 FROM court_favourites WHERE court_id = $1 ON CONFLICT DO NOTHING`, [id, mergedInto]);
    }
    await m.query(`DELETE FROM court_favourites WHERE court_id = $1`, [id]);
    await m.query(`UPDATE courts SET status = 'removed', merged_into = $2 WHERE id = $1`, [id, mergedInto]);
    await this.resolveFlags(id, m);
  }

  private async resolveFlags(id: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_flags SET resolved_at = now() WHERE court_id = $1 AND resolved_at IS NULL`, [id]);
  }

  /** Of these players, those with a device to push to (the others would cost a job that sends nothing). */
  async withPushDevice(userIds: number[], m: EntityManager = this.db.manager): Promise<number[]> {
    if (!userIds.length) return [];
    const rows: { user_id: number }[] = await m.query(`SELECT DISTINCT user_id FROM push_subscriptions WHERE user_id = ANY($1) ORDER BY user_id`, [userIds]);
    return rows.map((r) => r.user_id);
  }

  /**
   * Who hears that a run is forming at the court (docs/courts.md#alerts): its favourites with a
   * device, but not the player whose check-in formed it, nor those checked in there already, nor
   * one with a block either way with anyone checked in there.
   */
  async runFormingAudience(courtId: number, formedBy: number, m: EntityManager = this.db.manager): Promise<number[]> {
    const rows: { user_id: number }[] = await m.query(
      `SELECT f.user_id FROM court_favourites f JOIN users u ON u.id = f.user_id
        WHERE f.court_id = $1 AND f.user_id <> $2 AND u.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = f.user_id)
          AND NOT EXISTS (SELECT 1 FROM court_checkins k WHERE k.court_id = $1 AND k.user_id = f.user_id AND ${LIVE_CHECKIN})
          AND NOT EXISTS (SELECT 1 FROM court_checkins k JOIN blocks b ON (b.blocker_id = f.user_id AND b.blocked_id = k.user_id) OR (b.blocked_id = f.user_id AND b.blocker_id = k.user_id)
                           WHERE k.court_id = $1 AND ${LIVE_CHECKIN})
        ORDER BY f.user_id LIMIT 10000`,
      [courtId, formedBy],
    );
    return rows.map((r) => r.user_id);
  }

  async region(userId: number, m: EntityManager = this.db.manager): Promise<string> {
    const rows: { state: string }[] = await m.query(`SELECT state FROM users WHERE id = $1`, [userId]);
    return rows[0]?.state ?? '';
  }
}
