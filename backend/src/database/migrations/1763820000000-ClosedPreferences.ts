import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_PREFERENCES } from '@gotnext/shared';

/**
 * Issue 8: preferences are a closed set of known keys with boolean values (docs/identity-rules.md).
 * Rows written before that may hold others (`constructor`, `hasOwnProperty`, …): drop them. The
 * reads ignore such keys anyway; this keeps the column what the code says it is.
 */
export class ClosedPreferences1763820000000 implements MigrationInterface {
  name = 'ClosedPreferences1763820000000';

  async up(q: QueryRunner): Promise<void> {
    const known = Object.keys(DEFAULT_PREFERENCES);
    await q.query(`UPDATE users SET preferences = '{}'::jsonb WHERE jsonb_typeof(preferences) <> 'object'`);
    await q.query(
      `UPDATE users SET preferences = COALESCE(
         (SELECT jsonb_object_agg(key, value) FROM jsonb_each(preferences) WHERE key = ANY($1::text[]) AND jsonb_typeof(value) = 'boolean'),
         '{}'::jsonb)
        WHERE EXISTS (SELECT 1 FROM jsonb_each(preferences) WHERE NOT (key = ANY($1::text[])) OR jsonb_typeof(value) <> 'boolean')`,
      [known],
    );
  }

  async down(): Promise<void> {
    // Nothing to restore: the dropped keys were never read.
  }
}
