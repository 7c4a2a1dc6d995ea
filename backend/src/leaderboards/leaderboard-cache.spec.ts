import type { LeaderboardPlayer } from '@gotnext/shared';
import { LeaderboardCache, type BoardPage } from './leaderboard-cache';

const rows = (label: string): BoardPage => {
  const players = [{ username: label } as LeaderboardPlayer];
  return { players, json: JSON.stringify(players) };
};

describe('LeaderboardCache', () => {
  // The Redis subscription is not started here (no onModuleInit): changes are applied by hand.
  const newCache = () => new LeaderboardCache({} as never, { REDIS_PREFIX: 'unit' } as never);

  it('builds a page once for concurrent readers and serves it from memory afterwards', async () => {
    const cache = newCache();
    const build = jest.fn(async () => rows('v1'));
    const [a, b] = await Promise.all([cache.page('world', 1, build), cache.page('world', 1, build)]);
    expect(a).toBe(b);
    await cache.page('world', 1, build);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('drops only the pages a change reaches', async () => {
    const cache = newCache();
    for (const page of [1, 2, 3]) await cache.page('world', page, async () => rows(`p${page}`));
    await cache.page('state:TX', 1, async () => rows('tx'));
    await cache.size('world', async () => 100);
    // A player moved from position 60 to 55: inside page 2 only.
    cache.apply({ scopes: [{ scope: 'world', from: 55, to: 60, resized: false }] });
    const build = jest.fn(async () => rows('fresh'));
    expect(await cache.page('world', 1, build)).toEqual(rows('p1'));
    expect(await cache.page('world', 2, build)).toEqual(rows('fresh'));
    expect(await cache.page('world', 3, build)).toEqual(rows('p3'));
    expect(await cache.page('state:TX', 1, build)).toEqual(rows('tx'));
    expect(await cache.size('world', async () => 101)).toBe(100);
    // A player joined at position 120: page 3 and the size change.
    cache.apply({ scopes: [{ scope: 'world', from: 120, to: null, resized: true }] });
    expect(await cache.page('world', 3, build)).toEqual(rows('fresh'));
    expect(await cache.size('world', async () => 101)).toBe(101);
    cache.apply({ all: true, scopes: [] });
    expect(await cache.page('state:TX', 1, async () => rows('tx2'))).toEqual(rows('tx2'));
  });

  it('does not keep a page read while a change landed (it may predate the change)', async () => {
    const cache = newCache();
    let release!: () => void;
    const slow = cache.page('world', 1, () => new Promise<BoardPage>((done) => (release = () => done(rows('stale')))));
    cache.apply({ scopes: [{ scope: 'world', from: 0, to: 0, resized: false }] });
    // A reader after the change does not join the read from before it.
    const after = cache.page('world', 1, async () => rows('new'));
    release();
    expect(await slow).toEqual(rows('stale'));
    expect(await after).toEqual(rows('new'));
    expect(await cache.page('world', 1, async () => rows('third'))).toEqual(rows('new'));
  });
});
