/**
 * The transitions that end or suspend a match: completion (agreed, resolved, single report),
 * dispute, and void. Shared by the API (reports, resolves) and the worker (deadlines), each
 * called inside a transaction that already holds the match row lock.
 */
import type { EntityManager } from 'typeorm';
import { MSG } from '@gotnext/shared';
import type { AfterCommit, MatchEffects } from './match-effects';
import type { MatchRow, PlayerRow } from './match-store';
import type { TeamScores } from './match-rules';

export type SettledBy = 'agreed' | 'resolved' | 'single-report';

/**
 * One global lock around every completion. Completions commit in the order of their
 * completed_at (taken after the lock, with clock_timestamp()), so by the time the rating job
 * sees a completed match, every match completed before it is committed too: live rating and
 * the rebuild apply matches in the same (completed_at, id) order.
 */
const COMPLETION_LOCK_KEY = 7_436_001;

export async function completeMatch(m: EntityManager, fx: MatchEffects, after: AfterCommit, match: MatchRow, scores: TeamScores, settledBy: SettledBy): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock($1)`, [COMPLETION_LOCK_KEY]);
  await m.query(
    `UPDATE matches SET status = 'completed', completed_at = clock_timestamp(), team_a_score = $2, team_b_score = $3, settled_by = $4
      WHERE id = $1 AND status IN ('in-progress', 'disputed')`,
    [match.id, scores.a, scores.b, settledBy],
  );
  // Flags kept true to the match so the bell hides actions that are finished.
  await m.query(
    `UPDATE notifications SET match_completed = true, dispute_resolved = dispute_resolved OR $2 WHERE match_id = $1 AND league_id IS NULL`,
    [match.id, match.status === 'disputed'],
  );
  fx.changed(after, match.id, 'completed');
  if (match.ranked) fx.rate(after, match.id);
}

export async function disputeMatch(m: EntityManager, fx: MatchEffects, after: AfterCommit, match: MatchRow, players: PlayerRow[]): Promise<void> {
  await m.query(`UPDATE matches SET status = 'disputed', disputed_at = now() WHERE id = $1 AND status = 'in-progress'`, [match.id]);
  const push = await fx.notifier.store(
    m,
    players.map((p) => ({ userId: p.user_id, type: 'dispute', message: MSG.disputeNotice(match.match_type), matchId: match.id, matchType: match.match_type })),
  );
  after.add(push);
  fx.changed(after, match.id, 'disputed');
  fx.schedule(after, 'void-dispute', match.id);
}

/** A dispute left open past its deadline: no score, no rating, outcome 'Disputed'. */
export async function voidMatch(m: EntityManager, fx: MatchEffects, after: AfterCommit, match: MatchRow): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock($1)`, [COMPLETION_LOCK_KEY]);
  await m.query(
    `UPDATE matches SET status = 'completed', voided = true, completed_at = clock_timestamp(), settled_by = 'voided' WHERE id = $1 AND status = 'disputed'`,
    [match.id],
  );
  await m.query(`UPDATE notifications SET match_completed = true WHERE match_id = $1 AND league_id IS NULL`, [match.id]);
  fx.changed(after, match.id, 'completed');
}
