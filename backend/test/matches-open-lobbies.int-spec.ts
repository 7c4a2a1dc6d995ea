import request from 'supertest';
import { lobbyPath, MSG, ROUTES, type OpenLobbiesResponse } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, createMatch, join, player, start, type Player } from './support/matches';

/** Open lobbies (docs/matches.md#open-lobbies): a range, the list near a player, one-tap join, and its race. */
describe('open lobbies against real PostgreSQL with two API instances', () => {
  let env: TestEnv;
  let one: string;
  let two: string;

  beforeAll(async () => {
    env = await createTestEnv();
    one = (await env.startApi()).url;
    two = (await env.startApi()).url;
  });
  afterAll(() => env.close());

  /** A verified player in `state` with an overall internal rating (1500 shows 4.000; 250 points per shown point). */
  async function rated(state: string, internal?: number): Promise<Player> {
    const p = await player(env, one, true, { state });
    if (internal !== undefined) await env.sql(`INSERT INTO ratings (pool, user_id, rating, games) VALUES ('overall', $1, $2, 3)`, [p.userId, internal]);
    return p;
  }
  const list = async (url: string, p: Player): Promise<OpenLobbiesResponse> => (await request(url).get(ROUTES.openLobbies.path).set(auth(p)).expect(200)).body;
  const tapJoin = (url: string, p: Player, matchId: number) =>
    request(url)
      .post(ROUTES.joinOpenLobby.path.replace('{matchId}', String(matchId)))
      .set(auth(p))
      .send({ user_id: p.userId });
  const createCall = (p: Player, body: Record<string, unknown>) => request(one).post('/api/create-match-2v2').set(auth(p)).send(body);

  it('refuses a bad range in plain words and stores nothing', async () => {
    const creator = await rated('OR');
    const before = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM matches`);
    for (const [body, message] of [
      [{ open_min_rating: 3.5 }, MSG.openRangeBoth],
      [{ open_min_rating: 3.5, open_max_rating: 9 }, MSG.openRangeInvalid],
      [{ open_min_rating: 'abc', open_max_rating: 4 }, MSG.openRangeInvalid],
      [{ open_min_rating: 4.1234, open_max_rating: 4.5 }, MSG.openRangeInvalid],
      [{ open_min_rating: 4.5, open_max_rating: 3.5 }, MSG.openRangeOrder],
      [{ open_min_rating: 4.5, open_max_rating: 5 }, MSG.openRangeExcludesYou('4.000')],
    ] as const) {
      const res = await createCall(creator, body);
      expect([res.status, res.body]).toEqual([400, { message }]);
    }
    expect(await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM matches`)).toEqual(before);
  });

  it('lists a lobby to players in range and in the region only, joins in one tap, refuses one out of range', async () => {
    const creator = await rated('NV');
    const m = await createMatch(one, creator, '2v2', { ranked: true, scoringType: '1s & 2s to 11', open_min_rating: 3.5, open_max_rating: 4.5 });
    const inRange = await rated('NV', 1625); // 4.500, the top of the range
    const tooStrong = await rated('NV', 1650); // 4.600
    const elsewhere = await rated('UT');
    const unverified = await player(env, one, false, { state: 'NV' });

    const seen = await list(two, inRange);
    expect(seen.my_rating).toBe('4.500');
    expect(seen.lobbies).toEqual([
      expect.objectContaining({
        match_id: m.match_id,
        match_type: '2v2',
        ranked: true,
        creator: creator.username,
        players_needed: 3,
        min_rating: '3.500',
        max_rating: '4.500',
        joined: false,
      }),
    ]);
    expect((await list(one, tooStrong)).lobbies).toEqual([]);
    expect((await list(one, elsewhere)).lobbies).toEqual([]);
    expect((await list(one, creator)).lobbies).toEqual([]); // not one's own

    const out = await tapJoin(one, tooStrong, m.match_id);
    expect([out.status, out.body]).toEqual([403, { message: MSG.openLobbyOutOfRange('3.500', '4.500', '4.600') }]);
    const notVerified = await tapJoin(one, unverified, m.match_id);
    expect([notVerified.status, notVerified.body]).toEqual([403, { message: MSG.rankedNeedsVerification }]);

    const joined = await tapJoin(two, inRange, m.match_id);
    expect([joined.status, joined.body]).toEqual([200, { match_id: m.match_id, message: MSG.matchJoined, match_type: '2v2', path: lobbyPath(m.match_id, '2v2') }]);
    expect((await list(one, inRange)).lobbies).toEqual([expect.objectContaining({ match_id: m.match_id, joined: true, players_needed: 2 })]);
    const again = await tapJoin(one, inRange, m.match_id);
    expect([again.status, again.body]).toEqual([409, { message: MSG.alreadyInMatch }]);

    // A lobby never opened is not joined this way (its code is the creator's own invitation).
    const closed = await createMatch(one, creator, '1v1');
    const refused = await tapJoin(one, inRange, closed.match_id);
    expect([refused.status, refused.body]).toEqual([404, { message: MSG.openLobbyNotFound }]);
    expect((await tapJoin(one, inRange, 2_000_000)).status).toBe(404);
  });

  it('leaves full, started and cancelled lobbies off the list', async () => {
    const [creator, guest, viewer] = [await rated('ID'), await rated('ID'), await rated('ID')];
    const full = await createMatch(one, creator, '1v1', { open_min_rating: 3, open_max_rating: 5 });
    await join(one, guest, '1v1', full.match_code).expect(200);
    const started = await createMatch(one, guest, '1v1', { open_min_rating: 3, open_max_rating: 5 });
    await join(one, creator, '1v1', started.match_code).expect(200);
    await start(one, guest, started.match_id).expect(200);
    const cancelled = await createMatch(one, creator, '2v2', { open_min_rating: 3, open_max_rating: 5 });
    await request(one).post(`/api/cancel-match/${cancelled.match_id}`).set(auth(creator)).send({}).expect(200);
    const open = await createMatch(one, creator, '3v3', { open_min_rating: 3, open_max_rating: 5 });
    expect((await list(one, viewer)).lobbies.map((l) => l.match_id)).toEqual([open.match_id]);
    const tooLate = await tapJoin(one, viewer, full.match_id);
    expect([tooLate.status, tooLate.body]).toEqual([409, { message: MSG.matchFull }]);
    const begun = await tapJoin(one, viewer, started.match_id);
    expect([begun.status, begun.body]).toEqual([409, { message: MSG.matchNotOpen }]);
  });

  it('hides a lobby from a player blocked either way with its creator', async () => {
    const [creator, blocker] = [await rated('MT'), await rated('MT')];
    const m = await createMatch(one, creator, '1v1', { open_min_rating: 3, open_max_rating: 5 });
    expect((await list(one, blocker)).lobbies.map((l) => l.match_id)).toEqual([m.match_id]);
    await env.sql(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [blocker.userId, creator.userId]);
    expect((await list(one, blocker)).lobbies).toEqual([]);
  });

  it('gives the last place to exactly one of two players tapping at once on two instances; the other reads 409', async () => {
    const creator = await rated('WY');
    const m = await createMatch(one, creator, '1v1', { open_min_rating: 3.9, open_max_rating: 4.1 });
    const racers = [await rated('WY'), await rated('WY')];
    const results = await Promise.all(racers.map((p, i) => tapJoin(i ? two : one, p, m.match_id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toEqual({ message: MSG.matchFull });
    expect(await env.sql(`SELECT user_id FROM match_players WHERE match_id = $1`, [m.match_id])).toHaveLength(2);
    // A full lobby leaves the list at once.
    expect((await list(one, await rated('WY'))).lobbies).toEqual([]);
  });
});
