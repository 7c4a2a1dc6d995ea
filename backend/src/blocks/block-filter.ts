import type { EntityManager } from 'typeorm';

/**
 * SQL condition "no block between the viewer and the user in `userColumn`, either way" (RULES.md:
 * blocking works both ways). For search, leaderboards, friends and messages queries.
 */
export function notBlockedSql(userColumn: string, viewerParam = ':viewerId'): string {
  return `NOT EXISTS (SELECT 1 FROM blocks nb WHERE (nb.blocker_id = ${viewerParam} AND nb.blocked_id = ${userColumn}) OR (nb.blocker_id = ${userColumn} AND nb.blocked_id = ${viewerParam}))`;
}

/** Whether either of two players blocked the other (messages and friend requests between them are refused). */
export async function blockedEitherWay(m: EntityManager, a: number, b: number): Promise<boolean> {
  const rows: unknown[] = await m.query(
    `SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1) LIMIT 1`,
    [a, b],
  );
  return rows.length > 0;
}
