import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { TestEnv, useTestApp } from './support/harness';
import { auth, createMatch, details, join, player, start } from './support/matches';

describe('match lobby: create, join, details, change team, start', () => {
  let env: TestEnv;
  let url: string;

  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  it('creates a match with an unambiguous code, the creator in Team A, and the default scoring type', async () => {
    const creator = await player(env, url, false);
    const res = await request(url).post('/api/create-match-2v2').set(auth(creator)).send({ user_id: creator.userId });
    expect(res.status).toBe(201);
    expect(res.body.match_code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(res.body.message).toBe(MSG.matchCreated);
    const d = await details(url, creator, res.body.match_id).expect(200);
    expect(d.body).toMatchObject({
      status: 'waiting',
      players_needed: 3,
      match_type: '2v2',
      matchType: '2v2',
      creator_id: creator.userId,
      scoring_type: '1s & 2s to 5',
      ranked: false,
    });
    expect(d.body.teamA.map((p: { user_id: number }) => p.user_id)).toEqual([creator.userId]);
    expect(d.body.team_a).toEqual(d.body.teamA);
    expect(d.body.teamB).toEqual([]);
    const type = await request(url).get(`/api/get-match-type?match_code=${res.body.match_code.toLowerCase()}`).set(auth(creator)).expect(200);
    expect(type.body).toEqual({ match_type: '2v2' });
  });

  it('refuses bad input with a message and stores nothing', async () => {
    const p = await player(env, url, false);
    const before = await env.sql<{ n: string }>(`SELECT count(*) AS n FROM matches`);
    const cases: [string, unknown, number, string][] = [
      ['/api/create-match-6v6', {}, 400, MSG.invalidMatchType],
      ['/api/create-match-1v1', { scoringType: 'first to 100' }, 400, MSG.invalidScoringType],
      ['/api/create-match-1v1', { ranked: 'yes' }, 400, 'Ranked must be true or false.'],
      ['/api/create-match-1v1', { ranked: true }, 403, MSG.rankedCreateNeedsVerification],
      ['/api/create-match-1v1', { user_id: p.userId + 1000 }, 403, MSG.forbiddenActor],
      ['/api/create-match-1v1', { surprise: 1 }, 400, MSG.unknownField('surprise')],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await request(url)
        .post(path)
        .set(auth(p))
        .send(body as object);
      expect([path, res.status, res.body]).toEqual([path, status, { message }]);
    }
    await request(url).post('/api/create-match-1v1').send({}).expect(401);
    expect(await env.sql(`SELECT count(*) AS n FROM matches`)).toEqual(before);
  });

  it('joins by code case-insensitively, fills Team A then Team B, and becomes ready when full', async () => {
    const creator = await player(env, url);
    const m = await createMatch(url, creator, '2v2', { ranked: true });
    const [b, c, d] = [await player(env, url), await player(env, url), await player(env, url)];
    expect((await join(url, b, '2v2', m.match_code.toLowerCase())).body).toEqual({ match_id: m.match_id, message: MSG.matchJoined });
    expect((await details(url, b, m.match_id)).body).toMatchObject({ players_needed: 2, status: 'waiting', my_team: 'A' });
    await join(url, c, '2v2', ` ${m.match_code} `).expect(200);
    await join(url, d, '2v2', m.match_code).expect(200);
    const full = (await details(url, d, m.match_id)).body;
    expect(full).toMatchObject({ status: 'ready', players_needed: 0, my_team: 'B' });
    expect(full.teamA.map((p: { user_id: number }) => p.user_id)).toEqual([creator.userId, b.userId]);
    expect(full.teamB.map((p: { user_id: number }) => p.user_id)).toEqual([c.userId, d.userId]);
    const late = await player(env, url);
    expect((await join(url, late, '2v2', m.match_code)).body).toEqual({ message: MSG.matchFull });
  });

  it('answers every join error of the spec with its message', async () => {
    const creator = await player(env, url);
    const ranked = await createMatch(url, creator, '1v1', { ranked: true });
    const unverified = await player(env, url, false);
    expect((await join(url, unverified, '1v1', ranked.match_code)).body).toEqual({ message: MSG.rankedNeedsVerification });
    expect((await join(url, creator, '1v1', ranked.match_code)).body).toEqual({ message: MSG.alreadyInMatch });
    expect((await join(url, unverified, '2v2', ranked.match_code)).body).toEqual({ message: MSG.invalidMatchType });
    const missing = await join(url, unverified, '1v1', 'ZZZZZZ');
    expect([missing.status, missing.body]).toEqual([404, { message: MSG.matchNotFound }]);
    expect((await join(url, unverified, '1v1', 'O0I1')).status).toBe(404);
    const noCode = await request(url).post('/api/join-match-1v1').set(auth(unverified)).send({});
    expect([noCode.status, noCode.body]).toEqual([400, { message: MSG.matchCodeRequired }]);
    const other = await request(url).post('/api/join-match-1v1').set(auth(unverified)).send({ user_id: creator.userId, match_code: ranked.match_code });
    expect([other.status, other.body]).toEqual([403, { message: MSG.forbiddenActor }]);
    const badType = await request(url).get('/api/get-match-type?match_code=nope').set(auth(unverified));
    expect([badType.status, badType.body]).toEqual([404, { message: MSG.matchNotFound }]);
    expect((await env.sql(`SELECT count(*)::int AS n FROM match_players WHERE match_id = $1`, [ranked.match_id]))[0]).toEqual({ n: 1 });
  });

  it('hides match details from non-players and refuses junk ids', async () => {
    const creator = await player(env, url);
    const m = await createMatch(url, creator, '1v1');
    const stranger = await player(env, url);
    expect((await details(url, stranger, m.match_id)).status).toBe(403);
    expect((await details(url, stranger, 99999)).body).toEqual({ message: MSG.matchNotFound });
    expect((await request(url).get('/api/match-details/abc').set(auth(stranger))).status).toBe(404);
  });

  it('changes team only when the other team has room, and not in 1v1', async () => {
    const creator = await player(env, url);
    const m = await createMatch(url, creator, '3v3');
    const b = await player(env, url);
    await join(url, b, '3v3', m.match_code).expect(200);
    const moved = await request(url).post('/api/join-team').set(auth(b)).send({ match_id: m.match_id, user_id: b.userId }).expect(200);
    expect(moved.body.teamB.map((p: { user_id: number }) => p.user_id)).toEqual([b.userId]);
    expect(moved.body.team_b).toEqual(moved.body.teamB);
    const [c, d] = [await player(env, url), await player(env, url)];
    await join(url, c, '3v3', m.match_code).expect(200);
    await join(url, d, '3v3', m.match_code).expect(200);
    // A: creator, c, d (full). B: b. b cannot move back.
    const refused = await request(url).post('/api/join-team').set(auth(b)).send({ match_id: m.match_id });
    expect([refused.status, refused.body]).toEqual([409, { message: MSG.teamFull }]);
    const one = await createMatch(url, creator, '1v1');
    const oneRes = await request(url).post('/api/join-team').set(auth(creator)).send({ match_id: one.match_id });
    expect([oneRes.status, oneRes.body]).toEqual([400, { message: MSG.noTeamsIn1v1 }]);
  });

  it('places a creator who is on neither team on the first team with room', async () => {
    const creator = await player(env, url);
    const m = await createMatch(url, creator, '2v2');
    const b = await player(env, url);
    await join(url, b, '2v2', m.match_code).expect(200);
    // Matches made elsewhere (e.g. an import) may lack the creator's slot; Change Team places them.
    await env.sql(`DELETE FROM match_players WHERE match_id = $1 AND user_id = $2`, [m.match_id, creator.userId]);
    const placed = await request(url).post('/api/join-team').set(auth(creator)).send({ match_id: m.match_id }).expect(200);
    expect(placed.body.teamA.map((p: { user_id: number }) => p.user_id)).toEqual([b.userId, creator.userId]);
    const stranger = await player(env, url);
    expect((await request(url).post('/api/join-team').set(auth(stranger)).send({ match_id: m.match_id })).body).toEqual({ message: MSG.notInMatch });
  });

  it('lets only the creator start, only a ready match, and only once', async () => {
    const creator = await player(env, url);
    const m = await createMatch(url, creator, '1v1');
    expect((await start(url, creator, m.match_id)).body).toEqual({ message: MSG.matchNotReady });
    const b = await player(env, url);
    await join(url, b, '1v1', m.match_code).expect(200);
    expect((await details(url, creator, m.match_id)).body.opponent).toMatchObject({ user_id: b.userId, username: b.username });
    expect((await details(url, b, m.match_id)).body.opponent).toMatchObject({ user_id: creator.userId });
    const byB = await start(url, b, m.match_id);
    expect([byB.status, byB.body]).toEqual([403, { message: MSG.onlyCreatorStarts }]);
    await start(url, creator, m.match_id).expect(200);
    expect((await details(url, b, m.match_id)).body.status).toBe('in-progress');
    expect((await start(url, creator, m.match_id)).status).toBe(409);
    const late = await player(env, url);
    expect((await join(url, late, '1v1', m.match_code)).body).toEqual({ message: MSG.matchNotOpen });
    const [row] = await env.sql<{ started_at: Date | null }>(`SELECT started_at FROM matches WHERE id = $1`, [m.match_id]);
    expect(row.started_at).toBeInstanceOf(Date);
  });
});
