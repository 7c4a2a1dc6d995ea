import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type RatingJob } from '../jobs/queues';
import { MatchResults } from '../matches/match-results';
import { MatchesRepository } from '../matches/matches.repository';
import { applyLeaguePool } from './league-pool';
import { OVERALL_POOL } from './rating-pools';
import { applyPendingRatings } from './rating-applier';
import { RatingsRepository } from './ratings.repository';

/** Applies completed ranked matches to the overall pool; the leaderboards follow (player.changed). */
@Injectable()
@JobHandler(QUEUES.rating, { concurrency: 1 })
export class RatingHandler implements JobProcessor<typeof QUEUES.rating> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ratings: RatingsRepository,
    private readonly matches: MatchesRepository,
    private readonly results: MatchResults,
  ) {}

  /**
   * Safe to run any number of times for the same match: only the first run changes anything. The
   * match's players' leaderboard entries are rewritten after commit even when nothing changed,
   * and a failure there fails the job, so its retry repairs the sets after a Redis hiccup.
   */
  handle(job: RatingJob): Promise<number[]> {
    return this.uow.run(async (tx) => {
      // A league match is rated in its league's pool only (docs/rating.md#league-pools); its players'
      // result summaries went out at settlement, as a league match is never overall-ranked.
      const { leagueId } = await this.matches.get(job.matchId, tx.manager);
      if (leagueId !== null) {
        const changed = await applyLeaguePool(this.ratings, tx.manager, leagueId);
        tx.emit('league.standings-changed', { leagueId });
        return changed;
      }
      const applied: number[] = [];
      const changed = await applyPendingRatings(this.ratings, tx.manager, OVERALL_POOL, applied);
      // Each match rated now gets its players' result summaries with the rating change, and its
      // lobby reads the result again (docs/matches.md#the-result). A rerun applies nothing, so tells nobody twice.
      await this.results.notifyMany(tx, applied);
      for (const matchId of applied) tx.emit('match.changed', { matchId, status: 'completed' });
      const players = await this.matches.playerIds(job.matchId, tx.manager);
      tx.emit('player.changed', { userIds: [...new Set([...changed, ...players])] });
      return changed;
    }, { afterCommitFailure: 'throw' });
  }
}
