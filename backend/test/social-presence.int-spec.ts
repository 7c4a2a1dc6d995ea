import type { Socket } from 'socket.io-client';
import type { PresenceEvent, PresenceWatchResult } from '@gotnext/shared';
import { createTestEnv, TestEnv, useTestApp } from './support/harness';
import { player } from './support/matches';
import { connectSocket, nextEvent, socketReady } from './support/sockets';
import { block, collect, eventually, socketPool } from './support/social';
import { killLeftovers, startApiProcess } from './support/processes';

describe('presence across two API instances (docs/social.md#presence)', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const { open, closeAll } = socketPool();
  const watch = (s: Socket, ids: unknown) => new Promise<PresenceWatchResult>((ok) => s.emit('presence:watch', ids as number[], ok));

  useTestApp({ apis: 2, beforeClose: closeAll }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((a) => a.url);
  });

  it('shows a player online while any tab is open, on any instance, and offline once the last one closes', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const aliceSocket = await open(one, alice);
    expect(await watch(aliceSocket, [bob.userId])).toEqual({ online: [] });
    const changes = collect<PresenceEvent>(aliceSocket, 'presence:changed');

    const bobTab1 = await open(one, bob);
    await eventually(() => changes.length === 1, 'online pushed');
    const bobTab2 = await open(two, bob);
    expect(await watch(aliceSocket, [bob.userId])).toEqual({ online: [bob.userId] });

    bobTab1.close();
    // One tab is still open (on the other instance): still online; nothing is pushed (checked below).
    await new Promise((r) => setTimeout(r, 200));
    expect(await watch(aliceSocket, [bob.userId])).toEqual({ online: [bob.userId] });

    const offline = nextEvent<PresenceEvent>(aliceSocket, 'presence:changed', 5000);
    bobTab2.close();
    expect(await offline).toEqual({ user_id: bob.userId, online: false });
    expect(changes).toEqual([
      { user_id: bob.userId, online: true },
      { user_id: bob.userId, online: false },
    ]);
    expect(await watch(aliceSocket, [bob.userId])).toEqual({ online: [] });
  });

  it('hides presence across a block, both ways, and ignores bad watch lists', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const carol = await player(env, one, false);
    await block(one, bob, alice);
    const aliceSocket = await open(two, alice);
    const carolSocket = await open(one, carol);
    await open(one, bob);
    expect(await watch(aliceSocket, [bob.userId, 'x', -1, 1.5, alice.userId])).toEqual({ online: [] }); // bob blocked alice: not watchable
    expect(await watch(carolSocket, [bob.userId])).toEqual({ online: [bob.userId] });
    expect(await watch(carolSocket, 'nonsense')).toEqual({ online: [] });

    // Watched before the block: the push still skips the blocked player.
    const dave = await player(env, one, false);
    const aliceWatches = collect<PresenceEvent>(aliceSocket, 'presence:changed');
    const carolWatches = collect<PresenceEvent>(carolSocket, 'presence:changed');
    await watch(aliceSocket, [dave.userId]);
    await watch(carolSocket, [dave.userId]);
    await block(one, dave, alice);
    await open(two, dave);
    await eventually(() => carolWatches.some((e) => e.user_id === dave.userId), 'carol told');
    await new Promise((r) => setTimeout(r, 100)); // the same broadcast reached alice's instance, or never will
    expect(aliceWatches.filter((e) => e.user_id === dave.userId)).toEqual([]);
  });
});

describe('presence while an instance stops', () => {
  // Sockets closing as their instance stops: a late "offline" must not publish on the adapter's
  // Redis clients once they are closing (that failure escapes as an unhandled rejection, which
  // fails this file). Repeated, since it is a race.
  it('signs sockets off without publishing on closed Redis clients', async () => {
    for (let i = 0; i < 4; i += 1) {
      const env = await createTestEnv();
      const { url } = await env.startApi();
      await env.startApi();
      const p = await player(env, url, false);
      const sockets = [connectSocket(url, p.token), connectSocket(url, p.token)];
      await Promise.all(sockets.map(socketReady));
      sockets.forEach((s) => s.close());
      await env.close();
    }
  });
});

describe('presence when an instance is killed', () => {
  afterEach(killLeftovers);

  // No shutdown hook runs under SIGKILL: only the dead instance's lease running out, seen by the
  // live instance's heartbeat, takes its players offline (docs/social.md#presence).
  it('pushes offline to a watcher on another instance within a few seconds', async () => {
    const env = await createTestEnv();
    try {
      const { url: one } = await env.startApi();
      const doomed = await startApiProcess(env.config);
      const alice = await player(env, one, false);
      const bob = await player(env, one, false);
      const aliceSocket = connectSocket(one, alice.token);
      const bobSocket = connectSocket(doomed.url, bob.token);
      try {
        await Promise.all([socketReady(aliceSocket), socketReady(bobSocket)]);
        // Bob's socket is recorded just after its session:ready (in the other process): watch until he reads online.
        await eventually(async () => {
          const watched = await new Promise<PresenceWatchResult>((ok) => aliceSocket.emit('presence:watch', [bob.userId], ok));
          return watched.online.includes(bob.userId);
        }, 'bob online on the doomed instance');
        // The first offline push for bob (an online push from his late recording may come before it).
        const offline = new Promise<PresenceEvent>((ok, fail) => {
          const timer = setTimeout(() => fail(new Error('no offline push for bob within 20 s')), 20_000);
          aliceSocket.on('presence:changed', (e: PresenceEvent) => {
            if (e.user_id === bob.userId && !e.online) {
              clearTimeout(timer);
              ok(e);
            }
          });
        });
        doomed.child.kill('SIGKILL');
        const killedAt = Date.now();
        expect(await offline).toEqual({ user_id: bob.userId, online: false });
        // Design: a 3 s lease, swept within a 1 s heartbeat; the rest is slack for a busy machine.
        expect(Date.now() - killedAt).toBeLessThan(8000);
        const after = await new Promise<PresenceWatchResult>((ok) => aliceSocket.emit('presence:watch', [bob.userId], ok));
        expect(after).toEqual({ online: [] });
      } finally {
        aliceSocket.close();
        bobSocket.close();
      }
    } finally {
      await env.close();
    }
  }, 60_000);
});
