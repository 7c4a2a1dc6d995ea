import { Injectable } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import type { Tx } from '../database/unit-of-work';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { Notifier } from '../notifications/notifier';
import type { MatchEntity } from './entities/match.entity';
import { MatchesRepository, type PlayerRow, type SettledBy } from './matches.repository';
import { MatchResults } from './match-results';
import type { TeamScores } from './match-rules';

/**
 * The transitions that end or suspend a match: completion (agreed, resolved, single report),
 * dispute, and void. Shared by the API (reports, resolves) and the worker (deadlines), each
 * called inside a unit of work that already holds the match row lock (docs/matches.md).
 */
@Injectable()
export class MatchSettlement {
  constructor(
    private readonly matches: MatchesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly notifier: Notifier,
    private readonly results: MatchResults,
  ) {}

  async complete(tx: Tx, match: MatchEntity, scores: TeamScores, settledBy: SettledBy): Promise<void> {
    await this.matches.markCompleted(match.id, scores, settledBy, tx.manager);
    // Flags kept true to the match so the bell hides actions that are finished.
    await this.notifications.closeForMatch(match.id, { disputeResolved: match.status === 'disputed' }, tx.manager);
    tx.emit('match.changed', { matchId: match.id, status: 'completed', playerIds: await this.matches.playerIds(match.id, tx.manager) });
    tx.emit('match.completed', { matchId: match.id, ranked: match.ranked, voided: false, leagueId: match.leagueId });
    // A pickup game's summary now; a ranked one's once the rating job has applied it (docs/matches.md#the-result).
    if (!match.ranked) await this.results.notify(tx, match.id);
  }

  async dispute(tx: Tx, match: MatchEntity, players: PlayerRow[]): Promise<void> {
    await this.matches.markDisputed(match.id, tx.manager);
    // A league match's dispute is a `dispute-league` notice carrying its league (docs/leagues.md#league-disputes).
    await this.notifier.notify(
      tx,
      players.map((p) => ({
        userId: p.user_id,
        type: match.leagueId ? 'dispute-league' : 'dispute',
        message: MSG.disputeNotice(match.matchType),
        matchId: match.id,
        matchType: match.matchType,
        leagueId: match.leagueId,
      })),
    );
    tx.emit('match.changed', { matchId: match.id, status: 'disputed', playerIds: players.map((p) => p.user_id) });
    tx.emit('match.disputed', { matchId: match.id });
  }

  /** A dispute left open past its deadline (or voided by ops): no score, no rating, outcome 'Disputed'. */
  async void(tx: Tx, match: MatchEntity, settledBy: 'voided' | 'ops-void' = 'voided'): Promise<void> {
    await this.matches.markVoided(match.id, tx.manager, settledBy);
    await this.notifications.closeForMatch(match.id, { disputeResolved: false }, tx.manager);
    tx.emit('match.changed', { matchId: match.id, status: 'completed', playerIds: await this.matches.playerIds(match.id, tx.manager) });
    tx.emit('match.completed', { matchId: match.id, ranked: match.ranked, voided: true, leagueId: match.leagueId });
  }
}
