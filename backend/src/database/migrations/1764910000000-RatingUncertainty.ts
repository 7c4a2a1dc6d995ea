import { MigrationInterface, QueryRunner } from 'typeorm';
import { RATING_PARAMS } from '@gotnext/shared';

/**
 * Issue 46: a rating that knows how sure it is (docs/rating.md#formula). Each pool row keeps its
 * uncertainty (`sigma`) beside the mean; each rating event keeps the uncertainty before and after
 * and the engine version that computed it. Existing events keep version 1 and the start's
 * uncertainty; the worker moves them to the current engine at boot (ratings/rating-engine-upgrade.ts,
 * the same as `npm run ratings:rebuild -- --write`), then rebuilds the boards.
 * `down` drops the columns but cannot give back the previous engine's numbers.
 */
export class RatingUncertainty1764910000000 implements MigrationInterface {
  name = 'RatingUncertainty1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ratings ADD COLUMN sigma double precision NOT NULL DEFAULT ${Number(RATING_PARAMS.initialSigma)}`);
    await q.query(
      `ALTER TABLE rating_events ADD COLUMN sigma_before double precision, ADD COLUMN sigma_after double precision, ADD COLUMN engine_version integer NOT NULL DEFAULT 1`,
    );
    await q.query(`UPDATE rating_events SET sigma_before = $1, sigma_after = $1`, [Number(RATING_PARAMS.initialSigma)]);
    // Every event now has its uncertainty and version; a writer must say which engine it ran.
    await q.query(`ALTER TABLE rating_events ALTER COLUMN sigma_before SET NOT NULL, ALTER COLUMN sigma_after SET NOT NULL, ALTER COLUMN engine_version DROP DEFAULT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rating_events DROP COLUMN sigma_before, DROP COLUMN sigma_after, DROP COLUMN engine_version`);
    await q.query(`ALTER TABLE ratings DROP COLUMN sigma`);
  }
}
