import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ENGINE_VERSION } from '@gotnext/shared';
import { rewriteRatings } from './rating-rewrite';

/**
 * Moves stored ratings to this engine version (docs/rating.md#rebuild): when any rating event was
 * computed by another version, every pool is rewritten from its history with the live code path,
 * as `npm run ratings:rebuild -- --write` does. The worker runs it at boot, before the boards are
 * checked, so a schema migration never has to call feature code (the migration only adds the
 * columns and marks the old events with their version). A second worker booting at once
 * rewrites again under the rating lock, to the same numbers.
 */
@Injectable()
export class RatingEngineUpgrade {
  private readonly logger = new Logger('Ratings');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** True when this call rewrote the pools. */
  async run(): Promise<boolean> {
    const older = `SELECT EXISTS (SELECT 1 FROM rating_events WHERE engine_version <> $1) AS older`;
    const [{ older: before }] = await this.db.query<{ older: boolean }[]>(older, [ENGINE_VERSION]);
    if (!before) return false;
    const started = Date.now();
    const done = await this.db.transaction((m) => rewriteRatings(this.db, m));
    this.logger.log(`ratings moved to engine version ${ENGINE_VERSION}: ${done.players} players, ${done.leagues} league pools in ${Date.now() - started} ms`);
    return true;
  }
}
