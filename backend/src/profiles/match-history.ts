/** A player's completed matches as history entries (docs/matches.md#statistics). */
import { displayThousandths, outcomeOf, type MatchHistoryEntry, type MatchPlayer, type MatchStatistics, type Preferences } from '@gotnext/shared';
import { localDateTime } from './local-time';
import type { HistoryRow, RosterRow, StatisticsRow } from './profiles.repository';

/** "+0.052" / "-0.031" / "+0.000": the change of the shown rating, from the stored before/after. */
function ratingChange(before: number | null, after: number | null): string | null {
  if (before === null || after === null) return null;
  const d = displayThousandths(after) - displayThousandths(before);
  return `${d < 0 ? '-' : '+'}${(Math.abs(d) / 1000).toFixed(3)}`;
}

const strip = ({ user_id, username, profile_picture, profile_picture_version }: RosterRow): MatchPlayer => ({ user_id, username, profile_picture, profile_picture_version });

/** A history row as PostgreSQL gives it, or as the profile cache keeps it: its time then the JSON (ISO) string of that Date. */
export type StoredHistoryRow = Omit<HistoryRow, 'completed_at'> & { completed_at: Date | string };

/** Newest first. Voided disputes (outcome 'Disputed') are left out, as the spec hides them. */
export function toHistory(rows: StoredHistoryRow[], roster: RosterRow[], userId: number, zone: string): MatchHistoryEntry[] {
  return rows.map((r) => {
    const completedAt = typeof r.completed_at === 'string' ? r.completed_at : r.completed_at.toISOString();
    const players = roster.filter((p) => p.match_id === r.id);
    const a = r.team_a_score ?? 0;
    const b = r.team_b_score ?? 0;
    const mine = r.team === 'A' ? a : b;
    const theirs = r.team === 'A' ? b : a;
    const opponent = r.match_type === '1v1' ? (players.find((p) => p.user_id !== userId) ?? null) : null;
    return {
      match_id: r.id,
      outcome: r.voided ? 'Disputed' : outcomeOf(mine, theirs),
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
      completed_at: completedAt,
      date_time_local: localDateTime(completedAt, zone),
    };
  });
}

export function toStatistics(row: StatisticsRow): Required<MatchStatistics> {
  return { total_wins: row.wins, total_losses: row.losses, total_disputes: row.disputes, games_played: row.games };
}

/** What a viewer may see of a player's results: both shown for the owner. */
export type ResultVisibility = Pick<Preferences, 'displayWinsLosses' | 'displayRating'>;

/**
 * One history row as another viewer may see it (docs/matches.md#what-others-see). Hidden
 * wins/losses null the outcome and every score (the scores tell the winner); a hidden rating or
 * hidden wins/losses null the rating change (its sign tells the winner too).
 */
export function asSeenBy(entry: MatchHistoryEntry, shows: ResultVisibility): MatchHistoryEntry {
  if (shows.displayWinsLosses && shows.displayRating) return entry; // nothing hidden: the caller's fresh entry as it is
  const seen = { ...entry };
  if (!shows.displayWinsLosses) {
    Object.assign(seen, {
      outcome: null,
      user_score: null,
      opponent_score: null,
      team_a_score: null,
      team_b_score: null,
      team_1_score: null,
      team_2_score: null,
      final_scores: null,
    } satisfies Partial<MatchHistoryEntry>);
  }
  if (!shows.displayWinsLosses || !shows.displayRating) seen.rating_change = null;
  return seen;
}
