import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usernames are unique in their normalised form (NFKC, case-insensitive; docs/accounts.md#usernames),
 * so 'ｐｌａｙｅｒ' and 'player' cannot both exist even if one were written around the app.
 */
export class UsernameNormalized1763810000000 implements MigrationInterface {
  name = 'UsernameNormalized1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX users_username_nfkc_lower_key ON users (lower(normalize(username, NFKC)))`);
    await q.query(`DROP INDEX users_username_lower_key`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`);
    await q.query(`DROP INDEX users_username_nfkc_lower_key`);
  }
}
