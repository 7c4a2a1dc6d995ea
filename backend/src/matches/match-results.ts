import { Injectable } from '@nestjs/common';
import { NOTIFICATION_TYPES } from '@gotnext/shared';
import type { Tx } from '../database/unit-of-work';
import { Notifier } from '../notifications/notifier';
import { MatchesRepository } from './matches.repository';
import { resultFor, type RatingEventRow } from './match-view';
import { settledAfterDispute } from './match-rules';

type OverallEvents = (RatingEventRow & { match_id: number })[];

/**
 * The result summary kept as a notification for each player (docs/matches.md#the-result): for a
 * pickup game in the transaction that completes it, for a ranked one in the rating job's
 * transaction once its rating events exist, so the text carries the rating change.
 */
@Injectable()
export class MatchResults {
  constructor(
    private readonly matches: MatchesRepository,
    private readonly notifier: Notifier,
  ) {}

  notify(tx: Tx, matchId: number): Promise<void> {
    return this.notifyMany(tx, [matchId]);
  }

  /**
   * Matches the overall pool has just rated, whichever job rated them (their own, or a league job
   * that caught the pool up first, docs/rating.md#league-pools): each player's result summary with
   * the rating change, each match's room reads the result again (docs/matches.md#the-result), in
   * one event for the batch so the cached details of all of them go stale in one Redis round trip
   * (docs/rating.md#order-of-application), and the players' board and profile entries follow
   * (player.changed, for `userIds`). `batch.events`: the rating events just written (not read back).
   */
  async rated(tx: Tx, batch: { matchIds: number[]; events?: OverallEvents }, userIds: number[]): Promise<void> {
    await this.notifyMany(tx, batch.matchIds, batch.events);
    if (batch.matchIds.length) tx.emit('matches.changed', { matchIds: batch.matchIds, status: 'completed' });
    if (userIds.length) tx.emit('player.changed', { userIds });
  }

  /**
   * The summaries of several matches (the rating job's batch), read and stored in a few statements.
   * `overallEvents`: their overall-pool rating events when the caller just wrote them (not read back).
   */
  async notifyMany(tx: Tx, matchIds: number[], overallEvents?: OverallEvents): Promise<void> {
    if (!matchIds.length) return;
    const items = (await this.matches.manyWithPlayers(matchIds, tx.manager, overallEvents)).flatMap(({ match, players, events }) => {
      if (match.status !== 'completed' || match.voided) return [];
      return players.flatMap((p) => {
        const summary = resultFor(match, players, p.user_id, match.ranked ? events : []);
        // The match is over: the summary is born closed (docs/notifications.md#flags) with the flags
        // settlement gave every other notice of the match, since the rating job writes it after
        // settlement closed the rest (a summary born without dispute_resolved broke that rule).
        return summary
          ? [
              {
                userId: p.user_id,
                type: NOTIFICATION_TYPES.matchResult,
                message: summary.text,
                matchId: match.id,
                matchType: match.matchType,
                matchCompleted: true,
                disputeResolved: settledAfterDispute(match.settledBy),
              },
            ]
          : [];
      });
    });
    await this.notifier.notify(tx, items);
  }
}
