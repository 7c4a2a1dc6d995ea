/** A player's completed matches as history entries (core §3 "Match history entry"). */
import type { EntityManager } from 'typeorm';
import { displayThousandths, type MatchHistoryEntry, type MatchPlayer, type MatchStatistics, type MatchType, type ScoringType, type TeamSide } from '@gotnext/shared';
import { outcomeFor } from '../matches/match-rules';
import { OVERALL_POOL } from '../ratings/rating-pools';
import { localDateTime } from './local-time';

interface HistoryRow {
  id: number;
  match_type: MatchType;
  ranked: boolean;
  scoring_type: ScoringType;
  team_a_score: number | null;
  team_b_score: number | null;
  completed_at: Date;
  voided: boolean;
  team: TeamSide;
  before: number | null;
  after: number | null;
}

interface RosterRow extends MatchPlayer {
  match_id: number;
  team: TeamSide;
}

/** "+0.052" / "-0.031" / "+0.000": the change of the shown rating, from the stored before/after. */
function ratingChange(before: number | null, after: number | null): string | null {
  if (before === null || after === null) return null;
  const d = displayThousandths(after) - displayThousandths(before);
  return `${d < 0 ? '-' : '+'}${(Math.abs(d) / 1000).toFixed(3)}`;
}

/** Newest first. Voided disputes (outcome 'Disputed') are left out, as the spec hides them. */
export async function historyOf(m: EntityManager, userId: number, zone: string, limit: number | null): Promise<MatchHistoryEntry[]> {
  const rows: HistoryRow[] = await m.query(
    `SELECT m.id, m.match_type, m.ranked, m.scoring_type, m.team_a_score, m.team_b_score, m.completed_at, m.voided, me.team,
            e.before, e.after
       FROM match_players me
       JOIN matches m ON m.id = me.match_id
       LEFT JOIN rating_events e ON e.match_id = m.id AND e.user_id = me.user_id AND e.pool = $2
      WHERE me.user_id = $1 AND m.status = 'completed' AND NOT m.voided
      ORDER BY m.completed_at DESC, m.id DESC
      ${limit ? `LIMIT ${Number(limit)}` : ''}`,
    [userId, OVERALL_POOL],
  );
  if (!rows.length) return [];
  const roster: RosterRow[] = await m.query(
    `SELECT p.match_id, p.user_id, p.team,
            CASE WHEN u.deleted_at IS NULL THEN u.username ELSE 'Deleted player' END AS username,
            CASE WHEN u.deleted_at IS NULL THEN u.profile_picture END AS profile_picture,
            u.profile_picture_version
       FROM match_players p JOIN users u ON u.id = p.user_id
      WHERE p.match_id = ANY($1::int[])
      ORDER BY p.joined_at, p.user_id`,
    [rows.map((r) => r.id)],
  );
  const strip = ({ user_id, username, profile_picture, profile_picture_version }: RosterRow): MatchPlayer => ({ user_id, username, profile_picture, profile_picture_version });

  return rows.map((r) => {
    const players = roster.filter((p) => p.match_id === r.id);
    const a = r.team_a_score ?? 0;
    const b = r.team_b_score ?? 0;
    const mine = r.team === 'A' ? a : b;
    const theirs = r.team === 'A' ? b : a;
    const opponent = r.match_type === '1v1' ? players.find((p) => p.user_id !== userId) ?? null : null;
    return {
      match_id: r.id,
      outcome: r.voided ? 'Disputed' : outcomeFor(r.team, { a, b }),
      match_type: r.match_type,
      ranked: r.ranked,
      ranked_status: r.ranked ? 'Ranked' : 'Unranked',
      scoring_type: r.scoring_type,
      opponent_id: opponent?.user_id ?? null,
      opponent_name: opponent?.username ?? null,
      opponent_profile_picture: opponent?.profile_picture ?? null,
      opponent_profile_picture_version: opponent?.profile_picture_version ?? null,
      user_score: mine,
      opponent_score: theirs,
      team_a: players.filter((p) => p.team === 'A').map(strip),
      team_b: players.filter((p) => p.team === 'B').map(strip),
      team_a_score: a,
      team_b_score: b,
      team_1_score: a,
      team_2_score: b,
      final_scores: { team_a_score: a, team_b_score: b },
      rating_change: ratingChange(r.before, r.after),
      completed_at: r.completed_at.toISOString(),
      date_time_local: localDateTime(r.completed_at, zone),
    };
  });
}

/** Wins, losses and games count every completed (not voided) match; disputes every match that was disputed. */
export async function statisticsOf(m: EntityManager, userId: number): Promise<Required<MatchStatistics>> {
  const [row]: { wins: number; losses: number; games: number; disputes: number }[] = await m.query(
    `SELECT count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided)::int AS games,
            count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided AND
              CASE WHEN me.team = 'A' THEN m.team_a_score > m.team_b_score ELSE m.team_b_score > m.team_a_score END)::int AS wins,
            count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided AND
              CASE WHEN me.team = 'A' THEN m.team_a_score < m.team_b_score ELSE m.team_b_score < m.team_a_score END)::int AS losses,
            count(*) FILTER (WHERE m.disputed_at IS NOT NULL)::int AS disputes
       FROM match_players me JOIN matches m ON m.id = me.match_id
      WHERE me.user_id = $1`,
    [userId],
  );
  return { total_wins: row.wins, total_losses: row.losses, total_disputes: row.disputes, games_played: row.games };
}
