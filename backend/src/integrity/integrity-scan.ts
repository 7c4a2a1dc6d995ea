import { Injectable, Logger } from '@nestjs/common';
import { analyzeIntegrity } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { replayAllPools } from '../ratings/pool-replay';
import { RatingsRepository } from '../ratings/ratings.repository';
import { integrityMatchesOf } from './history-input';
import { IntegrityRepository } from './integrity.repository';

export interface ScanResult {
  matches: number;
  newCases: number[];
  weightsChanged: number;
  replayed: boolean;
}

/**
 * The integrity scan (docs/rating.md#integrity), run by the worker's fair-play job: reads the
 * ranked history and the sessions' hashes, runs the pure analysis, stores each match's weight and
 * opens a case in the ops queue for each new suspicion. Ratings are always the replay of history
 * under the stored weights, so when a weight of an already rated match changed, every pool is
 * replayed in the same transaction, under the rating lock.
 */
@Injectable()
export class IntegrityScan {
  private readonly logger = new Logger('Integrity');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly integrity: IntegrityRepository,
    private readonly ratings: RatingsRepository,
  ) {}

  async run(): Promise<ScanResult> {
    return this.uow.run(async (tx) => {
      const m = tx.manager;
      // The lock first: the history and the weights read below stay what the pools are rated on.
      await this.ratings.lockPools(m);
      const history = await this.integrity.history(m);
      const ids = [...new Set(history.flatMap((h) => [...h.team_a, ...h.team_b]))];
      const [players, names, cleared] = await Promise.all([this.integrity.players(ids, m), this.integrity.usernames(ids, m), this.integrity.dismissed(m)]);
      const nameOf = new Map(names.map((n) => [n.id, n.deleted ? 'Deleted player' : n.username]));
      const report = analyzeIntegrity({
        matches: integrityMatchesOf(history),
        players: players.map((p) => ({ id: p.id, createdAt: new Date(p.created_at).getTime(), verified: p.verified, devices: p.devices, addresses: p.addresses })),
        nameOf: (id) => nameOf.get(id) ?? `#${id}`,
        cleared,
      });

      const stored = await this.integrity.weights(m);
      const changed = new Map([...report.weights].filter(([id, w]) => stored.get(id) !== w));
      const gone = [...stored.keys()].filter((id) => !report.weights.has(id));
      await this.integrity.setWeights(changed, m);
      await this.integrity.clearWeights(gone, m);
      const moved = [...changed.keys(), ...gone];
      const replayed = await this.integrity.anyRated(moved, m);
      if (replayed) {
        const ratingsMoved = await replayAllPools(this.ratings, m);
        if (ratingsMoved.length) tx.emit('player.changed', { userIds: ratingsMoved.map((r) => r.userId) });
      }
      const newCases = await this.integrity.insertCases(report.suspicions, m);
      this.logger.log(
        `scan: ${history.length} matches, ${report.suspicions.length} suspicions (${newCases.length} new cases), ${moved.length} weights changed${replayed ? ', pools replayed' : ''}`,
      );
      return { matches: history.length, newCases, weightsChanged: moved.length, replayed };
    });
  }
}
