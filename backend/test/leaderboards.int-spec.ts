import request from 'supertest';
import { createClient } from 'redis';
import { displayRating, type LeaderboardPlayer, type LeaderboardResponse, type TopPlayersResponse } from '@gotnext/shared';
import { createTestEnv, type TestEnv } from './support/harness';
import { auth, eventually, player, type Player } from './support/matches';
import { seedRanked, type RankedSpec } from './support/ranked';
import { Leaderboards } from '../src/ratings/leaderboards';
import { LEADERBOARD_FORMAT, LeaderboardRebuild } from '../src/ratings/leaderboard-rebuild';

/**
 * The boards as players read them (docs/leaderboards.md): who is listed, in what order, in which
 * region, what a logged-in viewer does not see, and that two API instances agree at once after a
 * change. Players are seeded in SQL; the rating job's own path is in leaderboards-rating.int-spec.ts.
 */
describe('leaderboards: eligibility, order, regions, paging, blocking, search', () => {
  let env: TestEnv;
  let urls: string[];
  let leaderboards: Leaderboards;
  let rebuild: LeaderboardRebuild;
  const tag = `lb${Date.now().toString(36)}`;
  const named = (n: string) => `${tag}${n}`;

  async function seed(specs: RankedSpec[]): Promise<number[]> {
    const ids = await seedRanked(
      env,
      specs.map((s) => ({ ...s, name: named(s.name) })),
    );
    await leaderboards.refresh(ids);
    return ids;
  }
  const board = (region: string, query = '', who?: Player, url = urls[0]) => {
    const req = request(url).get(`/api/leaderboards/${encodeURIComponent(region)}${query}`);
    return who ? req.set(auth(who)) : req;
  };
  const names = (res: { body: LeaderboardResponse }) => res.body.players.map((p) => p.username.replace(tag, ''));

  beforeAll(async () => {
    env = await createTestEnv();
    urls = [(await env.startApi()).url, (await env.startApi()).url];
    const worker = await env.startWorker();
    leaderboards = worker.get(Leaderboards);
    rebuild = worker.get(LeaderboardRebuild);
    // The worker rebuilds the (empty) boards at boot; seed after it so the test owns every entry.
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    await eventually(async () => (await redis.get(`${env.config.REDIS_PREFIX}:leaderboard:format`)) === LEADERBOARD_FORMAT);
    await redis.quit();
  });
  afterAll(() => env.close());

  it('lists only verified, live players with a ranked game, best first, ties by games then id', async () => {
    await seed([
      { name: 'ace', rating: 1700, games: 20, wins: 15, losses: 4, draws: 1, state: 'TX' },
      { name: 'tieFewGames', rating: 1600, games: 3, wins: 2, losses: 1, state: 'TX' },
      { name: 'tieManyGames', rating: 1600, games: 9, wins: 5, losses: 4, state: 'Canada' },
      { name: 'tieManyGames2', rating: 1600, games: 9, wins: 6, losses: 3, state: 'N/A' },
      { name: 'low', rating: 1400, games: 2, wins: 0, losses: 2, state: 'International' },
      { name: 'noEmail', rating: 1900, emailVerified: false },
      { name: 'noId', rating: 1900, idVerified: false },
      { name: 'gone', rating: 1900, deleted: true },
      { name: 'neverRanked', rated: false },
      { name: 'zeroGames', rating: 1500, games: 0, wins: 0 },
    ]);
    const world = await board('National').expect(200);
    expect(names(world)).toEqual(['ace', 'tieManyGames', 'tieManyGames2', 'tieFewGames', 'low']);
    expect(world.body).toMatchObject({ region: 'National', page: 1, page_size: 50, total: 5 });
    expect(world.body.players.map((p: LeaderboardPlayer) => p.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(world.body.players[0]).toMatchObject({ rating: displayRating(1700), total_matches: 20, record: '15-4-1' });
    expect(world.body.players[0].rating).toBe('4.800');
    expect(world.body.players[3]).toMatchObject({ total_matches: 3, record: '2-1' });
    expect(world.body).not.toHaveProperty('you');
  });

  it('has a board per country and per US state; N/A and International count for the United States only', async () => {
    expect(names(await board('United States').expect(200))).toEqual(['ace', 'tieManyGames2', 'tieFewGames', 'low']);
    const texas = await board('TX').expect(200);
    expect(names(texas)).toEqual(['ace', 'tieFewGames']);
    expect(texas.body.players.map((p: LeaderboardPlayer) => p.rank)).toEqual([1, 2]);
    expect(texas.body.region).toBe('TX');
    expect(names(await board('Canada').expect(200))).toEqual(['tieManyGames']);
    // Regions are matched case-insensitively and a state's name works too.
    expect((await board('tx').expect(200)).body.region).toBe('TX');
    expect((await board('Texas').expect(200)).body.total).toBe(2);
    expect((await board('canada').expect(200)).body.region).toBe('Canada');
    expect((await board('Georgia').expect(200)).body.region).toBe('Georgia'); // the country; the state is GA
    expect((await board('Wyoming').expect(200)).body).toMatchObject({ region: 'WY', total: 0, players: [] });
    for (const unknown of ['Atlantis', 'N/A', 'International', 'XX']) {
      expect((await board(unknown).expect(404)).body).toEqual({ message: 'There is no leaderboard for this region.' });
    }
  });

  it('pages past 50 and refuses a page that is not a whole number from 1', async () => {
    const ids = await seed(Array.from({ length: 120 }, (_, i) => ({ name: `page${String(i).padStart(3, '0')}`, rating: 1000 + i, state: 'VT' })));
    const first = await board('VT').expect(200);
    expect(first.body.players).toHaveLength(50);
    expect(first.body.total).toBe(120);
    expect(first.body.players[0].user_id).toBe(ids[119]);
    const third = await board('Vermont', '?page=3').expect(200);
    expect(third.body.page).toBe(3);
    expect(third.body.players.map((p: LeaderboardPlayer) => p.rank)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(third.body.players[19].user_id).toBe(ids[0]);
    expect((await board('VT', '?page=4').expect(200)).body.players).toEqual([]);
    for (const bad of ['0', '-1', '1.5', 'two']) expect((await board('VT', `?page=${bad}`).expect(400)).body).toEqual({ message: 'The page must be a whole number from 1.' });
    expect((await board('VT', '?sort=name').expect(400)).body).toEqual({ message: 'Unknown field: sort.' });
  });

  it("shows a logged-in ranked viewer their own row and rank, also outside the top 50, and agrees with the profile's region ranking", async () => {
    const viewer = await player(env, urls[0], true, { state: 'VT' });
    await env.sql(`INSERT INTO ratings (pool, user_id, rating, games, wins, losses) VALUES ('overall', $1, 1042.5, 4, 1, 3)`, [viewer.userId]);
    await leaderboards.refresh([viewer.userId]);
    const res = await board('VT', '', viewer).expect(200);
    // 1042.5 sits between the seeded 1042 and 1043: 77 players above.
    expect(res.body.you).toMatchObject({ user_id: viewer.userId, rank: 78, record: '1-3', total_matches: 4, rating: displayRating(1042.5) });
    expect(res.body.players.some((p: LeaderboardPlayer) => p.user_id === viewer.userId)).toBe(false);
    const page2 = await board('VT', '?page=2', viewer).expect(200);
    expect(page2.body.players.find((p: LeaderboardPlayer) => p.user_id === viewer.userId)?.rank).toBe(78);
    const profile = await request(urls[1]).get(`/api/user-profile/${viewer.userId}`).expect(200);
    expect(profile.body.region_ranking).toBe(78);
    const world = await board('National', '', viewer).expect(200);
    expect(world.body.you!.rank).toBe(await leaderboards.rankIn('world', viewer.userId));
    // Not listed on a board: no own row.
    expect((await board('Canada', '', viewer).expect(200)).body).not.toHaveProperty('you');
  });

  it('leaves out players blocked either way, for that viewer only; the top 10 fills up from below', async () => {
    const [top, second] = (await board('National').expect(200)).body.players;
    const blocker = await player(env, urls[0], true);
    const blocked = await player(env, urls[0], true);
    const bystander = await player(env, urls[0], true);
    await request(urls[0]).post('/api/block-user').set(auth(blocker)).send({ username: top.username }).expect(200);
    // A block the other way round: the listed player blocked the viewer.
    await env.sql(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [second.user_id, blocked.userId]);

    const seenBy = async (p?: Player) => (await board('National', '', p).expect(200)).body.players.map((r: LeaderboardPlayer) => r.user_id);
    expect(await seenBy(blocker)).not.toContain(top.user_id);
    expect(await seenBy(blocker)).toContain(second.user_id);
    expect(await seenBy(blocked)).not.toContain(second.user_id);
    expect(await seenBy(bystander)).toEqual(expect.arrayContaining([top.user_id, second.user_id]));
    expect(await seenBy()).toEqual(expect.arrayContaining([top.user_id, second.user_id]));

    const tops = async (p?: Player) =>
      (
        await request(urls[1])
          .get('/api/top-players')
          .set(p ? auth(p) : {})
          .expect(200)
      ).body as TopPlayersResponse;
    const anonymous = await tops();
    expect(anonymous.players).toHaveLength(10);
    expect(anonymous.players.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(anonymous.players[0]).toEqual({ user_id: top.user_id, username: top.username, rating: top.rating, profile_picture: null, profile_picture_version: 0, rank: 1 });
    const forBlocker = await tops(blocker);
    expect(forBlocker.players).toHaveLength(10);
    expect(forBlocker.players.map((p) => p.rank)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect((await tops(bystander)).players[0].user_id).toBe(top.user_id);
  });

  it('finds players by the start of their name, with their rank on the chosen board', async () => {
    const res = await board('National', `?search=${tag.toUpperCase()}TIE`).expect(200);
    expect(res.body.search).toBe(`${tag}tie`);
    expect(names(res)).toEqual(['tieManyGames', 'tieManyGames2', 'tieFewGames']);
    expect(res.body.players.map((p: LeaderboardPlayer) => p.rank)).toEqual([2, 3, 4]);
    expect(names(await board('TX', `?search=${tag}tie`).expect(200))).toEqual(['tieFewGames']);
    expect((await board('TX', `?search=${tag}tie`).expect(200)).body.players[0].rank).toBe(2);
    expect((await board('National', `?search=${tag}noId`).expect(200)).body.players).toEqual([]);
    // `%` and `_` are letters, not wildcards.
    expect((await board('National', `?search=${encodeURIComponent('%')}`).expect(200)).body.players).toEqual([]);
    expect((await board('National', `?search=${'x'.repeat(101)}`).expect(400)).body).toEqual({ message: 'Search must be at most 100 characters.' });
  });

  it('shows a change on every API instance at once: cached pages drop when a change reaches their ranks', async () => {
    const [a, b] = await seed([
      { name: 'climberA', rating: 1300, state: 'ME' },
      { name: 'climberB', rating: 1310, state: 'ME' },
    ]);
    // Both instances have the board cached.
    for (const url of urls) expect(names(await board('ME', '', undefined, url).expect(200))).toEqual(['climberB', 'climberA']);
    await env.sql(`UPDATE ratings SET rating = 1320, games = games + 1, wins = wins + 1 WHERE user_id = $1`, [a]);
    await leaderboards.refresh([a]); // from the worker, as the rating job does
    // The message reaches each instance within milliseconds (the bench measures it); without it the
    // cached page would stay for its 30 s safety limit, far beyond this wait on a busy machine.
    for (const url of urls) {
      await eventually(async () => names(await board('ME', '', undefined, url)).join() === 'climberA,climberB', 5000);
    }
    const after = await board('ME', '', undefined, urls[1]).expect(200);
    expect(after.body.players[0]).toMatchObject({ user_id: a, record: '2-0', total_matches: 2, rating: displayRating(1320) });
    expect(after.body.players[1].user_id).toBe(b);

    // A deleted account leaves at once, and the board's size follows.
    await env.sql(`UPDATE users SET deleted_at = now() WHERE id = $1`, [b]);
    await leaderboards.refresh([b]);
    for (const url of urls) await eventually(async () => (await board('ME', '', undefined, url)).body.total === 1, 5000);
  });

  it('a profile served from the cache shows the region rank of this instant: a board write shows at the next read', async () => {
    const [mid] = await seed([{ name: 'rankMid', rating: 1500, state: 'WY' }]);
    const profile = async () => (await request(urls[1]).get(`/api/user-profile/${mid}`).expect(200)).body;
    expect((await profile()).region_ranking).toBe(1);
    // The entry is filled: what follows is read from the cache, and no write below touches it.
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    const entry = await redis.get(`${env.config.REDIS_PREFIX}:profile:v2:${mid}`);
    await redis.quit();
    expect(entry).toContain(`"username":"${named('rankMid')}"`);
    expect((await profile()).region_ranking).toBe(1);
    // Another player's board write (no change of this player, so their entry stays current).
    const [above] = await seed([{ name: 'rankAbove', rating: 1600, state: 'WY' }]);
    expect((await profile()).region_ranking).toBe(2);
    await env.sql(`UPDATE ratings SET rating = 1400 WHERE user_id = $1`, [above]);
    await leaderboards.refresh([above]);
    expect((await profile()).region_ranking).toBe(1);
    // This player leaving the board (deleted from the sets, entry untouched): no rank at once.
    const r2 = createClient({ url: env.config.REDIS_URL });
    await r2.connect();
    expect(await r2.get(`${env.config.REDIS_PREFIX}:profile:v2:${mid}`)).toBe(entry);
    await r2.quit();
    await env.sql(`UPDATE users SET id_verified = false WHERE id = $1`, [mid]);
    await leaderboards.refresh([mid]);
    expect((await profile()).region_ranking).toBeNull();
  });

  it('rebuilds the boards from PostgreSQL when Redis lost them, with the same order', async () => {
    const before = (await board('VT', '?page=2').expect(200)).body;
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    // An older format: members were plain user ids.
    await redis.del(`${env.config.REDIS_PREFIX}:leaderboard:format`);
    await redis.zAdd(`${env.config.REDIS_PREFIX}:leaderboard:world`, { score: 99999, value: '12345' });
    await redis.quit();
    expect(await rebuild.ensureBuilt()).toBe(true);
    await eventually(async () => JSON.stringify((await board('VT', '?page=2')).body) === JSON.stringify(before), 5000);
    expect((await board('National').expect(200)).body.players[0].username).toBe(named('ace'));
  });
});
