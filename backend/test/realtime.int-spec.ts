import * as jwt from 'jsonwebtoken';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv, useTestApp } from './support/harness';
import { signupAndLogin } from './support/players';
import { connectSocket as connect, socketReady as ready, socketRefused as refused, socketTracker } from './support/sockets';
import { RealtimePublisher } from '../src/realtime/realtime.publisher';
import { WorkerEmitter } from '../src/realtime/worker-emitter';

describe('realtime backbone: Socket.IO on the Redis adapter across two API instances', () => {
  let env: TestEnv;
  let one: { app: NestFastifyApplication; url: string };
  let two: { app: NestFastifyApplication; url: string };
  const { track, closeAll } = socketTracker();

  useTestApp({ apis: 2, beforeClose: closeAll }, (started) => {
    env = started.env;
    [one, two] = started.apis;
  });

  it('delivers an event published through instance 1 to a client connected to instance 2', async () => {
    const alice = await signupAndLogin(one.url);
    const bob = await signupAndLogin(one.url);
    const aliceOnOne = track(connect(one.url, alice.token));
    const bobOnTwo = track(connect(two.url, bob.token));
    expect((await ready(aliceOnOne)).user_id).toBe(alice.userId);
    expect((await ready(bobOnTwo)).user_id).toBe(bob.userId);

    const received = new Promise((ok) => bobOnTwo.once('system:echo', ok));
    let aliceGotIt = false;
    aliceOnOne.on('system:echo', () => (aliceGotIt = true));
    one.app.get(RealtimePublisher).toUser(bob.userId, 'system:echo', { text: 'next!', at: Date.now() });
    expect(await received).toMatchObject({ text: 'next!' });
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceGotIt).toBe(false); // only the addressed user's room
  });

  it('delivers an event emitted by the worker (redis-emitter) to a client on either instance', async () => {
    const carol = await signupAndLogin(one.url);
    const carolOnTwo = track(connect(two.url, carol.token));
    await ready(carolOnTwo);
    const emitter = await WorkerEmitter.connect(env.config.REDIS_URL, env.config.REDIS_PREFIX);
    const received = new Promise((ok) => carolOnTwo.once('system:echo', ok));
    emitter.toUser(carol.userId, 'system:echo', { text: 'from worker', at: Date.now() });
    expect(await received).toMatchObject({ text: 'from worker' });
    await emitter.close();
  });

  it('refuses a missing, forged or expired token at the handshake', async () => {
    const { token, userId } = await signupAndLogin(one.url);
    expect(await refused(track(connect(one.url)))).toBe('Unauthorized');
    expect(await refused(track(connect(two.url, `${token.slice(0, -3)}abc`)))).toBe('Unauthorized');
    const claims = jwt.decode(token) as { sid: string };
    const expired = jwt.sign({ sub: userId, user_id: userId, sid: claims.sid }, env.config.JWT_SECRET, { algorithm: 'HS256', expiresIn: -10 });
    expect(await refused(track(connect(one.url, expired)))).toBe('Unauthorized');
    const otherSecret = jwt.sign({ sub: userId, user_id: userId, sid: claims.sid }, 'x'.repeat(40), { algorithm: 'HS256' });
    expect(await refused(track(connect(one.url, otherSecret)))).toBe('Unauthorized');
  });

  it("does not let a client join another user's room, or a room kind nobody registered", async () => {
    const dave = await signupAndLogin(one.url);
    const erin = await signupAndLogin(one.url);
    const daveSocket = track(connect(one.url, dave.token));
    await ready(daveSocket);
    const ask = (room: unknown) => new Promise<{ ok: boolean; message?: string }>((ok) => daveSocket.emit('room:join', room as string, ok));
    expect(await ask(`user:${erin.userId}`)).toEqual({ ok: false, message: 'You may not join this room.' });
    expect(await ask('match:1')).toMatchObject({ ok: false });
    expect(await ask('../../etc')).toMatchObject({ ok: false });
    expect(await ask(`user:${dave.userId}`)).toEqual({ ok: true });

    let leaked = false;
    daveSocket.on('system:echo', () => (leaked = true));
    two.app.get(RealtimePublisher).toUser(erin.userId, 'system:echo', { text: 'private', at: Date.now() });
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toBe(false);
  });
});
