import request from 'supertest';
import { createClient } from 'redis';
import type { Preferences } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, createMatch, eventually, join, player, Player, report, start } from './support/matches';
import { PLAYER_PASSWORD } from './support/players';
import { ProfilesRepository } from '../src/profiles/profiles.repository';
import { ProfilesService } from '../src/profiles/profiles.service';

/**
 * docs/scaling.md#profile-reads: the profile and the first stats page come from a cache shared by
 * the instances, and whatever changes them (a preference, a completed match, a rating, another
 * player's deletion) shows at once on the other instance, with nothing to wait for.
 */
describe('profile cache across two instances', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  let rowsOfTwo: ProfilesRepository;
  let serviceOfTwo: ProfilesService;
  let owner: Player;
  let rival: Player;
  let viewer: Player;

  useTestApp({ apis: 2, worker: true }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((a) => a.url);
    rowsOfTwo = started.apis[1].app.get(ProfilesRepository);
    serviceOfTwo = started.apis[1].app.get(ProfilesService);
  });

  /** A ranked 1v1 on instance 1 that the owner wins 11-4, both sides reporting. */
  async function play(): Promise<number> {
    const m = await createMatch(one, owner, '1v1', { ranked: true, scoringType: '1s & 2s to 11' });
    await join(one, rival, '1v1', m.match_code).expect(200);
    await start(one, owner, m.match_id).expect(200);
    await report(one, owner, '1v1', m.match_id, 11, 4).expect(200);
    await report(one, rival, '1v1', m.match_id, 4, 11).expect(200);
    return m.match_id;
  }

  const profileOnTwo = async () => (await request(two).get(`/api/user-profile/${owner.userId}`).set(auth(viewer)).expect(200)).body;
  const statsOnTwo = async () => (await request(two).get(`/api/user-stats/${owner.userId}`).set(auth(viewer)).expect(200)).body;
  const preferences = (p: Partial<Preferences>) => request(one).put('/api/update-user').set(auth(owner)).send({ preferences: p }).expect(200);

  beforeAll(async () => {
    owner = await player(env, one);
    rival = await player(env, one);
    viewer = await player(env, one);
  });

  it('answers from the cache once filled, without PostgreSQL', async () => {
    const matchId = await play();
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [matchId])).length === 2);
    const first = await profileOnTwo();
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    expect(await redis.get(`${env.config.REDIS_PREFIX}:profile:v2:${owner.userId}`)).toContain(`"username":"${owner.username}"`);
    await redis.quit();
    const asked = jest.spyOn(rowsOfTwo, 'statistics');
    const again = await profileOnTwo();
    expect((await statsOnTwo()).match_history).toEqual(again.recent_matches);
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    expect(again).toEqual(first);
  });

  it('a completed match on instance 1 is in the profile and stats on instance 2 as soon as the report answered', async () => {
    const before = await profileOnTwo();
    await statsOnTwo();
    const matchId = await play();
    const after = await profileOnTwo();
    expect(after.match_statistics.games_played).toBe(before.match_statistics.games_played + 1);
    expect(after.recent_matches[0].match_id).toBe(matchId);
    expect((await statsOnTwo()).match_history[0].match_id).toBe(matchId);
    // The worker's rating (player.changed, from the other process) reaches the cached row too.
    await eventually(async () => (await profileOnTwo()).recent_matches[0].rating_change !== null);
  });

  it('hiding wins/losses on instance 1 hides them on instance 2 at the next read', async () => {
    expect((await profileOnTwo()).recent_matches[0].outcome).toBe('Win');
    await preferences({ displayWinsLosses: false });
    const hidden = await profileOnTwo();
    expect(hidden.match_statistics.total_wins).toBeUndefined();
    expect(hidden.recent_matches.every((e: { outcome: unknown; rating_change: unknown }) => e.outcome === null && e.rating_change === null)).toBe(true);
    expect((await statsOnTwo()).match_history.every((e: { user_score: unknown }) => e.user_score === null)).toBe(true);
    await preferences({ displayWinsLosses: true });
    expect((await profileOnTwo()).recent_matches[0].outcome).toBe('Win');
  });

  it('an answer serialised from the entry is reused for the same kind of viewer only: the owner sees hidden results, no one else does', async () => {
    await preferences({ displayWinsLosses: false });
    const ownOnTwo = async () => (await request(two).get(`/api/user-profile/${owner.userId}`).set(auth(owner)).expect(200)).body;
    const anonymousOnTwo = async () => (await request(two).get(`/api/user-profile/${owner.userId}`).expect(200)).body;
    const ownStatsOnTwo = async () => (await request(two).get(`/api/user-stats/${owner.userId}`).set(auth(owner)).expect(200)).body;
    await profileOnTwo(); // fills the entry after the preference change
    const built = jest.spyOn(serviceOfTwo as unknown as { profileText: () => unknown }, 'profileText');
    const seen: string[] = [];
    for (let round = 0; round < 2; round++) {
      seen.push((await ownOnTwo()).recent_matches[0].outcome, (await profileOnTwo()).recent_matches[0].outcome, (await anonymousOnTwo()).recent_matches[0].outcome);
      seen.push((await ownStatsOnTwo()).match_history[0].outcome, (await statsOnTwo()).match_history[0].user_score);
    }
    expect(seen).toEqual(['Win', null, null, 'Win', null, 'Win', null, null, 'Win', null]);
    // Once for the owner, once for everyone else (the visitor included): the second round reused both.
    expect(built).toHaveBeenCalledTimes(2);
    built.mockRestore();
    await preferences({ displayWinsLosses: true });
    expect((await profileOnTwo()).recent_matches[0].outcome).toBe('Win');
  });

  it('entries filled in the same second expire over two minutes, not together (no burst of fills 10 minutes after a cold start)', async () => {
    const others = await Promise.all(Array.from({ length: 12 }, () => player(env, one)));
    for (const other of others) await request(two).get(`/api/user-profile/${other.userId}`).set(auth(viewer)).expect(200);
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    const lives = await Promise.all(others.map((o) => redis.ttl(`${env.config.REDIS_PREFIX}:profile:v2:${o.userId}`)));
    await redis.quit();
    expect(lives.every((s) => s >= 475 && s <= 600)).toBe(true);
    // Twelve draws over 120 s all within 10 s of each other: about 12 · (10/120)^11, under 1 in 10^10.
    expect(Math.max(...lives) - Math.min(...lives)).toBeGreaterThan(10);
  });

  it("another player's deletion on instance 1 renames them in the cached history on instance 2 at once", async () => {
    expect((await profileOnTwo()).recent_matches[0].opponent_name).toBe(rival.username);
    await request(one).delete('/api/delete-account').set(auth(rival)).send({ password: PLAYER_PASSWORD }).expect(200);
    const seen = await profileOnTwo();
    expect(seen.recent_matches.map((e: { opponent_name: string }) => e.opponent_name)).toEqual(seen.recent_matches.map(() => 'Deleted player'));
  });

  it("the owner's deletion on instance 1 is a 404 on instance 2 at once", async () => {
    await profileOnTwo();
    await request(one).delete('/api/delete-account').set(auth(owner)).send({ password: PLAYER_PASSWORD }).expect(200);
    await request(two).get(`/api/user-profile/${owner.userId}`).set(auth(viewer)).expect(404);
    await request(two).get(`/api/user-stats/${owner.userId}`).set(auth(viewer)).expect(404);
  });
});
