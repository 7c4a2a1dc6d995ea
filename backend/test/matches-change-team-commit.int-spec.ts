import { Client } from 'pg';
import { createTestEnv, TestEnv } from './support/harness';
import { createMatch, join, player, Player } from './support/matches';

/**
 * Change Team's commit does not wait for its WAL flush (docs/matches.md#teams): a slow flush (a
 * busy disk) held every Change Team of every API instance before its commit
 * (docs/scaling.md#commits-without-the-wal-flush). The API calls `match_change_team` as a
 * statement on its own (`MatchesRepository.changeTeam`), as these tests do on a connection of their own.
 *
 * What is checked is the setting the commit obeys, not its timing: slowing this session's flushes
 * (commit_delay) proves nothing on a shared server, where another database's commit often flushes
 * ours with its own (the old synchronous function passed such a timing test), and the delay holds
 * the server's WAL write lock for every database. The lobby bench measures the effect.
 */
describe('Change Team commits without waiting for the WAL flush', () => {
  let env: TestEnv;
  let mover: Player;
  let matchId: number;
  let db: Client;

  beforeAll(async () => {
    env = await createTestEnv();
    const { url } = await env.startApi();
    const creator = await player(env, url);
    const m = await createMatch(url, creator, '3v3');
    matchId = m.match_id;
    mover = await player(env, url);
    await join(url, mover, '3v3', m.match_code).expect(200);
    db = new Client({ connectionString: env.config.DATABASE_URL });
    await db.connect();
  });
  // This connection first: closing the environment drops the database under any still open.
  afterAll(async () => {
    await db?.end();
    await env?.close();
  });

  const team = async () => (await env.sql<{ team: string }>(`SELECT team FROM match_players WHERE match_id = $1 AND user_id = $2`, [matchId, mover.userId]))[0].team;
  const setting = async () => (await db.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0].synchronous_commit;
  const changeTeam = async () => {
    const { rows } = await db.query<{ moved_to: string | null }>('SELECT * FROM match_change_team($1, $2)', [matchId, mover.userId]);
    expect(rows[0].moved_to).not.toBeNull();
  };

  it('commits asynchronously, and turns synchronous commit off for its own transaction only', async () => {
    const before = await team();
    expect(await setting()).toBe('on');
    await db.query('BEGIN');
    await changeTeam();
    // The setting the transaction's commit obeys: off, so COMMIT does not wait for the flush.
    expect(await setting()).toBe('off');
    await db.query('COMMIT');
    expect(await team()).not.toBe(before);
    expect(await setting()).toBe('on');
    // On its own (autocommit), as the repository calls it: the connection's next statement is
    // synchronous again (a pooled connection must not carry the setting to other writes).
    await changeTeam();
    expect(await team()).toBe(before);
    expect(await setting()).toBe('on');
  });

  it('commits a refused change (a caller on no team) asynchronously too', async () => {
    // The lock alone gives the transaction an id to commit: a refusal must not wait for the flush either.
    await db.query('BEGIN');
    const { rows } = await db.query<{ moved_to: string | null }>('SELECT * FROM match_change_team($1, $2)', [matchId, 2147483647]);
    expect(rows.every((r) => r.moved_to === null)).toBe(true);
    expect(await setting()).toBe('off');
    await db.query('COMMIT');
  });
});
