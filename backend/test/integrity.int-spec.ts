import request from 'supertest';
import type { INestApplicationContext } from '@nestjs/common';
import { ENGINE_VERSION, OPS_REQUEST_HEADER, type AdminIntegrityResponse, type MatchChancesResponse, type RatingAccuracyResponse } from '@gotnext/shared';
import { FairPlayHandler } from '../src/integrity/fair-play.handler';
import { RatingHandler } from '../src/ratings/rating.handler';
import { checkRatingsAgainstReplay } from '../src/ratings/rating-replay-check';
import { DataSource } from 'typeorm';
import { createTestEnv, type TestEnv } from './support/harness';
import { auth, createMatch, eventually, join, player, type Player } from './support/matches';
import { seedRanked } from './support/ranked';

/**
 * The integrity graph and the glass box against the real stack (docs/rating.md#integrity,
 * #glass-box): a seeded ring is found by the worker's scan after a report, honest regulars are
 * not; ops confirm and the history is replayed without the ring's games, refunding its feeders
 * in their bell; the flagged player appeals once; the nightly calibration measures the history.
 */
describe('fair play (integration)', () => {
  let env: TestEnv;
  let url: string;
  let worker: INestApplicationContext;
  let booster: Player;
  let reporter: Player;
  let honest: number[];
  let feeders: number[];
  let ringMatches: number[];
  const ops = { Authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`, [OPS_REQUEST_HEADER]: '1' };

  async function insertMatch(at: number, teamA: number[], teamB: number[], scoreA: number, scoreB: number): Promise<number> {
    const type = `${teamA.length}v${teamA.length}`;
    const [{ id }] = await env.sql<{ id: number }>(
      `INSERT INTO matches (code, match_type, scoring_type, ranked, status, creator_id, team_a_score, team_b_score, settled_by, created_at, started_at, completed_at)
       VALUES ('ABCDEF', $1, '1s & 2s to 11', true, 'completed', $2, $3, $4, 'agreed', now() - interval '60 days' + $5 * interval '1 minute', now() - interval '60 days' + $5 * interval '1 minute', now() - interval '60 days' + $5 * interval '1 minute')
       RETURNING id`,
      [type, teamA[0], scoreA, scoreB, at],
    );
    await env.sql(`INSERT INTO match_players (match_id, user_id, team) SELECT $1, unnest($2::int[]), unnest($3::text[])`, [
      id,
      [...teamA, ...teamB],
      [...teamA.map(() => 'A'), ...teamB.map(() => 'B')],
    ]);
    return id;
  }

  beforeAll(async () => {
    env = await createTestEnv();
    ({ url } = await env.startApi());
    worker = await env.startWorker();
    booster = await player(env, url);
    reporter = await player(env, url);
    honest = await seedRanked(
      env,
      Array.from({ length: 12 }, (_, i) => ({ name: `regular${i}`, rated: false })),
    );
    await env.sql(`UPDATE users SET created_at = now() - interval '2 years' WHERE id = ANY($1::int[])`, [honest]);
    feeders = await seedRanked(env, [
      { name: 'feederone', rated: false },
      { name: 'feedertwo', rated: false },
    ]);
    // The booster and a feeder logged in from the same phone (only keyed hashes are stored).
    await env.sql(`UPDATE sessions SET device_hash = 'same-phone' WHERE user_id = $1`, [booster.userId]);
    await env.sql(`INSERT INTO sessions (id, user_id, expires_at, device_hash) VALUES (gen_random_uuid(), $1, now() + interval '1 day', 'same-phone')`, [feeders[0]]);

    // Regulars: 2v2 with shuffled teams and close scores, every one of them winning some.
    let at = 0;
    for (let g = 0; g < 60; g += 1) {
      const four = [0, 1, 2, 3].map((k) => honest[(g * 5 + k * 7 + Math.floor(g / 12)) % 12]);
      if (new Set(four).size < 4) continue;
      await insertMatch(at++, four.slice(0, 2), four.slice(2), g % 2 ? 11 : 9, g % 2 ? 9 : 11);
    }
    // The ring: the booster beats its two feeders 11–2 again and again; the booster also plays the regulars.
    ringMatches = [];
    for (let g = 0; g < 8; g += 1) {
      ringMatches.push(await insertMatch(at++, [booster.userId], [feeders[g % 2]], 11, 2));
      await insertMatch(at++, [booster.userId, honest[g % 12]], [honest[(g + 3) % 12], honest[(g + 6) % 12]], g % 2 ? 11 : 8, g % 2 ? 8 : 11);
    }
    // The worker rates everything as after each completion.
    const [{ id: last }] = await env.sql<{ id: number }>(`SELECT max(id) AS id FROM matches`);
    await worker.get(RatingHandler).handle({ matchId: last });
  }, 120_000);

  afterAll(async () => {
    await env.close();
  });

  const caseOf = async (userId: number) =>
    (await env.sql<{ id: number; kind: string; status: string }>(`SELECT id, kind, status FROM integrity_cases WHERE user_id = $1`, [userId]))[0];

  it('a report runs the scan in the worker: the ring is flagged with its evidence in words, its games weigh less, no regular is flagged', async () => {
    await request(url).post('/api/report').set(auth(reporter)).send({ reported_user_id: booster.userId, reason: 'Win Boosting' }).expect(201);
    const flagged = await eventually(() => caseOf(booster.userId), 20_000);
    expect(flagged).toMatchObject({ kind: 'ring', status: 'open' });
    expect(await env.sql(`SELECT user_id FROM integrity_cases WHERE user_id = ANY($1::int[])`, [honest])).toEqual([]);

    const weights = await env.sql<{ match_id: number; weight: number }>(`SELECT match_id, weight FROM match_integrity ORDER BY match_id`);
    expect(weights.map((w) => w.match_id)).toEqual(ringMatches);
    // The feeder on the shared phone weighs least; the ring's other games half.
    expect(weights.map((w) => w.weight)).toEqual(ringMatches.map((_, g) => (g % 2 === 0 ? 0.25 : 0.5)));
    // Ratings are the replay of history under the weights: the rebuild finds no difference.
    expect((await checkRatingsAgainstReplay(worker.get(DataSource))).differences).toEqual([]);

    const queue = (await request(url).get('/api/admin/integrity').set(ops).expect(200)).body as AdminIntegrityResponse;
    const c = queue.cases.find((x) => x.user_id === booster.userId)!;
    expect(c.with.map((w) => w.username).sort()).toEqual(['feederone', 'feedertwo']);
    const words = c.evidence.map((e) => e.words).join(' ');
    expect(words).toContain('feederone played 4 of their 4 games against them and lost 4');
    expect(words).toContain('same device as opponents feederone');
  });

  it('ops confirm: history replays without the ring games, the feeders get their rating back and are told; a second decision is refused', async () => {
    const c = await caseOf(booster.userId);
    const before = await env.sql<{ user_id: number; rating: number }>(`SELECT user_id, rating FROM ratings WHERE pool = 'overall' AND user_id = ANY($1::int[]) ORDER BY user_id`, [
      feeders,
    ]);
    expect(before.every((r) => r.rating < 1500)).toBe(true);
    await request(url).post(`/api/admin/integrity/${c.id}`).set(ops).send({ decision: 'confirm' }).expect(200);
    // The feeders played only ring games: with those gone they have no rated game left, back at the start.
    expect(await env.sql(`SELECT user_id FROM ratings WHERE pool = 'overall' AND user_id = ANY($1::int[])`, [feeders])).toEqual([]);
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE match_id = ANY($1::int[])`, [ringMatches])).toEqual([]);
    const bell = await env.sql<{ user_id: number; message: string }>(`SELECT user_id, message FROM notifications WHERE type = 'fair_play' ORDER BY user_id`);
    const feederNote = bell.find((n) => n.user_id === feeders[0])!;
    expect(feederNote.message).toMatch(/^Fair play: games against a player confirmed for a boosting ring no longer count\. Your rating is now 4\.000 \(was 3\.\d{3}\)\.$/);
    expect(bell.find((n) => n.user_id === booster.userId)!.message).toBe('Fair play: ops confirmed a boosting ring in 8 of your games; they no longer count. You can appeal once.');
    expect((await checkRatingsAgainstReplay(worker.get(DataSource))).differences).toEqual([]);
    const again = await request(url).post(`/api/admin/integrity/${c.id}`).set(ops).send({ decision: 'dismiss' });
    expect([again.status, again.body.message]).toEqual([409, 'This case has already been decided.']);
    const bad = await request(url).post(`/api/admin/integrity/${c.id}`).set(ops).send({ decision: 'maybe' });
    expect([bad.status, bad.body.message]).toEqual([400, "Decision must be 'confirm' or 'dismiss'."]);
  });

  it('the flagged player appeals once with a text ops see; a race leaves one; others cannot', async () => {
    const c = await caseOf(booster.userId);
    const own = await request(url).get('/api/integrity-cases').set(auth(booster)).expect(200);
    expect(own.body.cases.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const empty = await request(url).post(`/api/integrity-cases/${c.id}/appeal`).set(auth(booster)).send({ text: '  ' });
    expect([empty.status, empty.body.message]).toEqual([400, 'Write why you think the decision is wrong.']);
    const notMine = await request(url).post(`/api/integrity-cases/${c.id}/appeal`).set(auth(reporter)).send({ text: 'me too' });
    expect(notMine.status).toBe(403);
    const race = await Promise.all(
      ['They are my cousins, we really play.', 'Second text'].map((text) => request(url).post(`/api/integrity-cases/${c.id}/appeal`).set(auth(booster)).send({ text })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.status === 409)!.body.message).toBe('You have already appealed this case.');
    const queue = (await request(url).get('/api/admin/integrity').set(ops).expect(200)).body as AdminIntegrityResponse;
    const seen = queue.cases.find((x) => x.id === c.id)!;
    expect(['They are my cousins, we really play.', 'Second text']).toContain(seen.appeal);
    expect(seen.status).toBe('confirmed');
  });

  it('the calibration job measures the ranked history walked forward, and the public read shows it', async () => {
    const result = await worker.get(FairPlayHandler).handle({ kind: 'calibrate', reason: 'nightly' });
    const [{ n }] = await env.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM matches m WHERE m.ranked AND m.status = 'completed' AND NOT EXISTS (SELECT 1 FROM match_integrity i WHERE i.match_id = m.id AND i.tainted)`,
    );
    expect(result).toBe(`calibrated on ${n} games`);
    const body = (await request(url).get('/api/rating-accuracy').expect(200)).body as RatingAccuracyResponse;
    expect(body.engine_version).toBe(ENGINE_VERSION);
    expect(body.calibration!.games).toBe(n);
    expect(body.calibration!.bins).toHaveLength(10);
    expect(body.calibration!.bins.reduce((s, b) => s + b.games, 0)).toBe(n);
    // The ring's 1v1 games left the history with the confirmed case.
    expect(body.calibration!.byTeamSize.map((s) => s.teamSize)).toEqual([2]);
    expect(body.calibration!.overall.logLoss).toBeGreaterThan(0);
  });

  it("a ranked lobby shows each team's chance and each player's win and loss, to its players only", async () => {
    const m = await createMatch(url, reporter, '1v1', { ranked: true, scoringType: '1s & 2s to 11' });
    await join(url, booster, '1v1', m.match_code).expect(200);
    const res = await request(url).get(`/api/match-chances/${m.match_id}`).set(auth(reporter)).expect(200);
    const chances = res.body as MatchChancesResponse;
    expect(chances.team_a_percent + chances.team_b_percent).toBe(100);
    const mine = chances.players.find((p) => p.user_id === reporter.userId)!;
    expect(mine.win).toMatch(/^\+\d\.\d{3}$/);
    expect(mine.loss).toMatch(/^−\d\.\d{3}$/);
    const outsider = await player(env, url);
    const refused = await request(url).get(`/api/match-chances/${m.match_id}`).set(auth(outsider));
    expect([refused.status, refused.body.message]).toEqual([403, 'You are not a player in this match.']);
  });
});
