import { Injectable } from '@nestjs/common';
import { historyWinner, outcomeOf, type LeagueHistoryItem, type MatchPlayer } from '@gotnext/shared';
import { groupBy } from '../common/group-by';
import type { LeagueMatchHistorySource } from '../leagues/league-match-history';
import { MatchesRepository, teamOf } from '../matches/matches.repository';
import { localDateTime, safeTimeZone } from '../profiles/local-time';
import { LeagueMatchesRepository } from './league-matches.repository';

/**
 * A league's completed matches, newest first, shaped once (docs/leagues.md#league-history): for the
 * members' history call and for the league's own page (`match_history`). Who may read it is the
 * caller's check; `viewerId` only decides each match's `outcome` and `can_contest` (null for a
 * visitor, who played none of them).
 */
@Injectable()
export class LeagueHistory implements LeagueMatchHistorySource {
  constructor(
    private readonly repo: LeagueMatchesRepository,
    private readonly matches: MatchesRepository,
  ) {}

  async items(leagueId: number, viewerId: number | null, timezone: unknown): Promise<LeagueHistoryItem[]> {
    const rows = await this.repo.history(leagueId);
    if (!rows.length) return [];
    const zone = safeTimeZone(timezone);
    const ids = rows.map((r) => r.id);
    // Every match's roster and reports in one statement each, grouped here: a league's history is
    // every match it played, so a read per match would grow with the league.
    const rosters = groupBy(await this.matches.rostersOf(ids), (p) => p.match_id);
    const reportsOf = groupBy(await this.repo.reportsOf(ids), (x) => x.match_id);
    return rows.map((r) => {
      const players = rosters.get(r.id) ?? [];
      const teamA = teamOf(players, 'A');
      const teamB = teamOf(players, 'B');
      const mine = players.find((p) => p.user_id === viewerId)?.team ?? null;
      const [own, other] = mine === 'B' ? [r.team_b_score, r.team_a_score] : [r.team_a_score, r.team_b_score];
      const winners: MatchPlayer[] = { Win: teamA, Loss: teamB, Draw: [] }[outcomeOf(r.team_a_score, r.team_b_score)];
      const winners_usernames = winners.map((p) => p.username);
      return {
        match_id: r.id,
        status: 'completed' as const,
        matchType: r.match_type,
        match_type: r.match_type,
        scoring_type: r.scoring_type,
        completed_at: r.completed_at.toISOString(),
        date_time_local: localDateTime(r.completed_at, zone),
        final_scores: r.match_type === '1v1' ? { user_score: r.team_a_score, opponent_score: r.team_b_score } : { team_a_score: r.team_a_score, team_b_score: r.team_b_score },
        team_a_score: r.team_a_score,
        team_b_score: r.team_b_score,
        teamA,
        team_a: teamA,
        teamB,
        team_b: teamB,
        reports: (reportsOf.get(r.id) ?? []).map((x) => {
          const [u, o] = x.team === 'A' ? [x.team_a_score, x.team_b_score] : [x.team_b_score, x.team_a_score];
          return { user_id: x.reported_by, username: x.username, user_score: u, opponent_score: o, team_a_score: x.team_a_score, team_b_score: x.team_b_score };
        }),
        winners_usernames,
        winner: historyWinner({ winners_usernames, team_a_score: r.team_a_score, team_b_score: r.team_b_score, teamA, teamB }),
        outcome: mine === null ? null : outcomeOf(own, other),
        backfilled: r.backfilled,
        can_contest: r.backfilled && r.contest_open && mine !== null,
        contest_until: r.contest_until ? r.contest_until.toISOString() : null,
      };
    });
  }
}
