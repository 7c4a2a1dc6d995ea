import fc from 'fast-check';
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { buildOpenApiDocument } from '../src/openapi/openapi-document';
import { SessionsService } from '../src/sessions/sessions.service';
import { useTestApp, type TestEnv } from './support/harness';
import { createMatch, join, player, type Player } from './support/matches';
import { closeFuzzAgent, fuzzOperation, send, short, type OpenApi, type Operation } from './support/fuzz';

/** Fixed, so a failure replays exactly; change it to explore other requests. */
const SEED = 20251122;
/** Random runs per operation, after the systematic sweep of every place with every kind of value. */
const RUNS = 30;

/**
 * docs/api.md#input-refused-at-the-edge: every call of the OpenAPI document (read in process: the
 * same function serves /api/docs/json), every path and query parameter and body field, given
 * hostile values (NUL bytes, lone surrogates, ids beyond 2^31−1, negative, float and NaN-like
 * ids, JSON nested 5,000 deep, prototype keys, wrong types, 100,000-character strings), with no
 * token, a live one or junk. No answer may be a 5xx, and every 4xx is `{ message }`; a failure
 * prints the request that caused it.
 */
describe('fuzzing every call of the OpenAPI document', () => {
  let env: TestEnv;
  let url: string;
  let app: INestApplication;
  let me: Player;
  let known: Record<string, unknown>;

  useTestApp({}, (started) => {
    env = started.env;
    ({ url, app } = started.apis[0]);
  });
  afterAll(() => closeFuzzAgent());

  beforeAll(async () => {
    me = await player(env, url);
    const other = await player(env, url);
    const m = await createMatch(url, me, '1v1', { ranked: false });
    await join(url, other, '1v1', m.match_code).expect(200);
    // Real rows, so a request that gets past its hostile field reaches the queries behind it.
    known = {
      match_id: m.match_id,
      matchId: m.match_id,
      userId: other.userId,
      user_id: me.userId,
      id: 1,
      type: '1v1',
      match_code: m.match_code,
      username: other.username,
      identifier: me.username,
      email: 'nobody@example.com',
      password: 'hoops123',
      timezone: 'America/New_York',
    };
  });

  /** A live token of the fuzzing player; a new player once a fuzzed call deleted the account. */
  async function liveToken(): Promise<string> {
    const [row] = await env.sql<{ gone: boolean }>(`SELECT deleted_at IS NOT NULL AS gone FROM users WHERE id = $1`, [me.userId]);
    if (row.gone) me = await player(env, url);
    return app.get(SessionsService).issue(me.userId);
  }

  const doc = buildOpenApiDocument() as unknown as OpenApi;
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op: op as Operation })));

  it('lists every call', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s: no 5xx, every refusal a { message }', async (_name, { path, method, op }) => {
    const fuzz = fuzzOperation(path, method, op, doc, known);
    await fc.assert(
      fc.asyncProperty(fuzz.choices, async (choice) => {
        const r = fuzz.build(choice, choice.auth === 'live' ? await liveToken() : '');
        const res = await send(url, r);
        const said = `${res.status} for ${r.method} ${short(r.path)} (${choice.auth} token; ${r.where})`;
        if (res.status >= 500 || res.status === 0) throw new Error(`server error: ${said}\n${res.body.slice(0, 300)}`);
        if (res.status >= 400) {
          let message: unknown;
          try {
            message = JSON.parse(res.body).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string') throw new Error(`refusal without { message }: ${said}\n${res.body.slice(0, 300)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, examples: fuzz.examples, endOnFailure: true },
    );
  });

  it('still serves the fuzzing player normally afterwards', async () => {
    await request(url)
      .get('/api/user')
      .set({ Authorization: `Bearer ${await liveToken()}` })
      .expect(200);
  });
});
