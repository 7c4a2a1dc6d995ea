import request from 'supertest';
import { createClient } from 'redis';
import { socketChannelPrefix } from '../src/realtime/socket-channels';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, createMatch, join, player } from './support/matches';

/** A MONITOR line: `<time> [<db> <client address>] "COMMAND" "arg" …`. */
const MONITOR_LINE = /^\S+ \[\d+ (\S+)\] "(\w+)" "([^"]*)"/;

/**
 * docs/scaling.md#what-one-change-costs: a Change Team's match-details invalidation (the match's
 * version bump) and its `match:changed` push are issued in one turn of the API's event loop, and
 * go to Redis on one connection (the app's command client, docs/realtime.md#fan-out): one write
 * instead of one on each of two connections, applied by Redis in the order they were issued.
 */
describe('Change Team: the cache invalidation and the push leave on one Redis connection', () => {
  let env: TestEnv;
  let url: string;

  useTestApp({ apis: 1 }, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  it('sends the version bump and the PUBLISH to the match room from the same client', async () => {
    const creator = await player(env, url);
    const m = await createMatch(url, creator, '2v2');
    const other = await player(env, url);
    await join(url, other, '2v2', m.match_code).expect(200);

    const monitor = createClient({ url: env.config.REDIS_URL });
    await monitor.connect();
    const seen: { addr: string; cmd: string; key: string }[] = [];
    const versionKey = `${env.config.REDIS_PREFIX}:version:match:${m.match_id}`;
    const roomChannel = `${socketChannelPrefix(env.config.REDIS_PREFIX)}#/#match:${m.match_id}#`;
    await monitor.monitor((line: string) => {
      const [, addr, cmd, key] = MONITOR_LINE.exec(line) ?? [];
      if (key === versionKey || key === roomChannel) seen.push({ addr: addr!, cmd: cmd!.toUpperCase(), key: key! });
    });
    try {
      await request(url).post('/api/join-team').set(auth(other)).send({ match_id: m.match_id }).expect(200);
      // MONITOR lines trail the commands a little.
      for (let i = 0; i < 50 && !(seen.some((s) => s.cmd === 'INCR') && seen.some((s) => s.cmd === 'PUBLISH')); i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      monitor.destroy(); // QUIT gets no answer in MONITOR mode
    }
    const bump = seen.find((s) => s.cmd === 'INCR');
    const push = seen.find((s) => s.cmd === 'PUBLISH');
    expect(bump).toBeDefined();
    expect(push).toBeDefined();
    expect(push!.addr).toBe(bump!.addr);
  });
});
