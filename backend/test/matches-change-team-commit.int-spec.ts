import request from 'supertest';
import { Client } from 'pg';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, createMatch, join, player, Player } from './support/matches';

/**
 * Change Team answers without waiting for its commit's WAL flush (docs/matches.md#concurrency):
 * a slow flush (a busy disk) held every Change Team of every API instance before its commit
 * (bench/lobby.bench.mjs). PostgreSQL's `commit_delay` makes every flush slow here: a synchronous
 * commit sleeps that long (100 ms) before flushing, an asynchronous one never flushes itself. Set
 * for this file's database only (`commit_siblings` 0: always), and only once the fixtures exist,
 * since a sleeping flush holds the server's WAL write lock for every database.
 */
describe('Change Team commits without waiting for the WAL flush', () => {
  const SLOW_FLUSH_MS = 100;
  let env: TestEnv;
  let url: string;
  let database: string;
  let mover: Player;
  let creator: Player;
  let matchId: number;

  beforeAll(async () => {
    env = await createTestEnv();
    const first = (await env.startApi()).url;
    creator = await player(env, first);
    const m = await createMatch(first, creator, '3v3');
    matchId = m.match_id;
    mover = await player(env, first);
    await join(first, mover, '3v3', m.match_code).expect(200);
    database = new URL(env.config.DATABASE_URL).pathname.slice(1);
    await env.sql(`ALTER DATABASE "${database}" SET commit_delay = ${SLOW_FLUSH_MS * 1000}`);
    await env.sql(`ALTER DATABASE "${database}" SET commit_siblings = 0`);
    // A second instance: its pool's connections open now, with the slow flush.
    url = (await env.startApi()).url;
  });
  afterAll(async () => {
    await env.sql(`ALTER DATABASE "${database}" RESET commit_delay`).catch(() => undefined);
    await env.close();
  });

  const timed = async (call: () => PromiseLike<{ status: number }>, status: number) => {
    const t0 = performance.now();
    const res = await call();
    expect(res.status).toBe(status);
    return performance.now() - t0;
  };
  const changeTeam = () => timed(() => request(url).post('/api/join-team').set(auth(mover)).send({ match_id: matchId }), 200);
  // A write committed the usual way: creating a match (a new lobby of the creator's each time).
  const syncWrite = () => timed(() => request(url).post('/api/create-match-1v1').set(auth(creator)).send({}), 201);

  it('answers Change Team without the slow flush, and the next write on the same connection still waits for it', async () => {
    // The control: a synchronous commit here takes the whole delay, so the test can fail.
    expect(await syncWrite()).toBeGreaterThanOrEqual(SLOW_FLUSH_MS);
    const changes: number[] = [];
    for (let i = 0; i < 4; i += 1) changes.push(await changeTeam());
    // Each change committed (the mover is back on Team A after an even number of moves)...
    const [{ team }] = await env.sql<{ team: string }>(`SELECT team FROM match_players WHERE match_id = $1 AND user_id = $2`, [matchId, mover.userId]);
    expect(team).toBe('A');
    // ...and the fastest answered well inside one slow flush (a busy machine may slow some).
    expect(Math.min(...changes)).toBeLessThan(SLOW_FLUSH_MS / 2);
    // The pool hands back the connection released last: the write right after a change runs on
    // that change's connection, and commits synchronously again (the setting ended with its transaction).
    await changeTeam();
    expect(await syncWrite()).toBeGreaterThanOrEqual(SLOW_FLUSH_MS);
  });

  it('turns synchronous commit off for its own transaction only', async () => {
    const c = new Client({ connectionString: env.config.DATABASE_URL });
    await c.connect();
    try {
      const setting = async () => (await c.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0].synchronous_commit;
      expect(await setting()).toBe('on');
      await c.query('BEGIN');
      await c.query('SELECT * FROM match_change_team($1, $2)', [matchId, mover.userId]);
      expect(await setting()).toBe('off');
      await c.query('COMMIT');
      expect(await setting()).toBe('on');
      // On its own (autocommit), as the repository calls it: the next statement is synchronous.
      await c.query('SELECT * FROM match_change_team($1, $2)', [matchId, mover.userId]);
      expect(await setting()).toBe('on');
    } finally {
      await c.end();
    }
  });
});
