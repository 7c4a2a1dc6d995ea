import { Injectable } from '@nestjs/common';
import { NOTIFICATION_TYPES } from '@gotnext/shared';
import type { Tx } from '../database/unit-of-work';
import { Notifier } from '../notifications/notifier';
import { MatchesRepository } from './matches.repository';
import { resultFor } from './match-view';

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

  async notify(tx: Tx, matchId: number): Promise<void> {
    const match = await this.matches.get(matchId, tx.manager);
    if (match.status !== 'completed' || match.voided) return;
    const players = await this.matches.playersOf(matchId, tx.manager);
    const events = match.ranked ? await this.matches.ratingEventsOf(matchId, tx.manager) : [];
    const items = players.flatMap((p) => {
      const summary = resultFor(match, players, p.user_id, events);
      // The match is over: the summary is born closed (docs/notifications.md#flags), like every
      // notice of the match once it completed; the rating job writes it after settlement closed the rest.
      return summary ? [{ userId: p.user_id, type: NOTIFICATION_TYPES.matchResult, message: summary.text, matchId, matchType: match.matchType, matchCompleted: true }] : [];
    });
    await this.notifier.notify(tx, items);
  }
}
