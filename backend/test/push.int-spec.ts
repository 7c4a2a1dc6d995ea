import request from 'supertest';
import { createECDH, randomBytes } from 'node:crypto';
import https, { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix, jobIds } from '../src/jobs/queues';
import { PUSH_DROP_AFTER_FAILURES, PUSH_MAX_DEVICES_PER_ACCOUNT } from '../src/push/push-limits';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };
import { MSG, type PushPayload } from '@gotnext/shared';
import { createTestEnv, type TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { befriend, eventually, send } from './support/social';
import { selfSignedLoopbackCert } from './support/push-service';

/** A device as a browser would be: its own P-256 key pair and auth secret, the keys it hands the server. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Web Push end to end (docs/notifications.md#web-push): a push service of our own on localhost
 * (HTTPS with a throwaway certificate this process trusts) receives what the worker sends; the
 * payload is decrypted with the device's private key as a browser would.
 */
describe('web push', () => {
  let env: TestEnv;
  let url: string;
  let pushService: Server;
  let pushBase: string;
  const received: Received[] = [];
  const vapid = webpush.generateVAPIDKeys();
  const gonePaths = new Set<string>();
  const failingPaths = new Set<string>();
  /** Requests to /push/hang-… get no answer: a push service that accepted the connection and went quiet. */
  const hanging = new Set<import('node:http').ServerResponse>();

  beforeAll(async () => {
    const { key, cert } = selfSignedLoopbackCert();
    pushService = createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        if ((req.url ?? '').startsWith('/push/hang-')) return void hanging.add(res);
        res.statusCode = gonePaths.has(req.url ?? '') ? 410 : failingPaths.has(req.url ?? '') ? 500 : 201;
        res.end();
      });
    });
    await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
    pushBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    // Only this test process trusts the throwaway certificate (web-push posts through https.globalAgent).
    https.globalAgent.options.ca = [cert];

    // Our push service on 127.0.0.1 stands in for the public ones (PUSH_TEST_HOSTS, tests only).
    env = await createTestEnv({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@gotnext.test', PUSH_TEST_HOSTS: '127.0.0.1' });
    url = (await env.startApi()).url;
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
    pushService.closeAllConnections();
    await new Promise((r) => pushService.close(r));
  });

  const subscribe = (p: Player, endpoint: string, keys: { p256dh: string; auth: string }) => request(url).post('/api/push/subscriptions').set(auth(p)).send({ endpoint, keys });

  function decrypt(r: Received, d: ReturnType<typeof device>): PushPayload {
    return JSON.parse(ece.decrypt(r.body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.authSecret }).toString('utf8'));
  }

  it('hands out the VAPID public key, and refuses a subscription that is not an https push endpoint', async () => {
    const p = await player(env, url);
    expect((await request(url).get('/api/push/public-key').set(auth(p)).expect(200)).body).toEqual({ publicKey: vapid.publicKey });
    await request(url).get('/api/push/public-key').expect(401);
    const d = device();
    const bad = await subscribe(p, 'http://127.0.0.1/push/x', d.keys).expect(400);
    expect(bad.body).toEqual({ message: MSG.pushSubscriptionInvalid });
    await subscribe(p, `${pushBase}/push/x`, { p256dh: 'not base64!', auth: d.keys.auth }).expect(400);
    expect(await env.sql(`SELECT id FROM push_subscriptions WHERE user_id = $1`, [p.userId])).toEqual([]);
  });

  it('registers only endpoints of the public push services (or the test host), refusing private addresses in plain words', async () => {
    const p = await player(env, url);
    const d = device();
    const port = (pushService.address() as AddressInfo).port;
    for (const endpoint of [
      `https://localhost:${port}/push/x`,
      'https://127.0.0.2/push/x',
      'https://[::1]/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push/x',
      'https://0.0.0.0/push/x',
      'https://fcm.googleapis.com.evil.test/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      `https://user@127.0.0.1:${port}/push/x`,
    ]) {
      const res = await subscribe(p, endpoint, d.keys);
      expect(`${endpoint} ${res.status} ${res.body.message}`).toBe(`${endpoint} 400 ${MSG.pushServiceNotAllowed}`);
    }
    expect(await env.sql(`SELECT id FROM push_subscriptions WHERE user_id = $1`, [p.userId])).toEqual([]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      await subscribe(p, endpoint, device().keys).expect(200);
    }
    // Stored before this rule (or written around the app): the worker still never connects, and forgets the device.
    const q = await player(env, url);
    await env.sql(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`, [
      q.userId,
      `https://localhost:${port}/push/q-sneaky`,
      d.keys.p256dh,
      d.keys.auth,
    ]);
    await subscribe(q, `${pushBase}/push/q-phone`, d.keys).expect(200);
    await request(url).post('/api/friends/request').set(auth(p)).send({ userId: q.userId }).expect(200);
    await eventually(() => received.some((r) => r.path === '/push/q-phone'), 'the allowed device gets the push');
    await eventually(async () => (await env.sql(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [q.userId])).length === 1, 'the refused device is forgotten');
    expect(received.some((r) => r.path === '/push/q-sneaky')).toBe(false);
  });

  it('moves an endpoint to another account only with the same keys or once its owner removed it; malformed keys are a 400', async () => {
    const [hana, ivan] = [await player(env, url), await player(env, url)];
    const phone = device();
    const endpoint = `${pushBase}/push/hana-phone`;
    await subscribe(hana, endpoint, phone.keys).expect(200);
    const owner = async () => (await env.sql<{ user_id: number }>(`SELECT user_id FROM push_subscriptions WHERE endpoint = $1`, [endpoint])).map((r) => r.user_id);

    // Someone else's keys, or only one of the two: refused, and the device stays Hana's.
    for (const keys of [device().keys, { p256dh: phone.keys.p256dh, auth: device().keys.auth }]) {
      expect((await subscribe(ivan, endpoint, keys).expect(409)).body).toEqual({ message: MSG.pushEndpointTaken });
    }
    expect(await owner()).toEqual([hana.userId]);
    // Two takeover attempts at once change nothing either.
    await Promise.all([subscribe(ivan, endpoint, device().keys).expect(409), subscribe(ivan, endpoint, device().keys).expect(409)]);
    expect(await owner()).toEqual([hana.userId]);

    // The same browser logged in as Ivan holds the same subscription: it moves.
    await subscribe(ivan, endpoint, phone.keys).expect(200);
    expect(await owner()).toEqual([ivan.userId]);
    // Once its owner removed it, anyone may register it.
    await request(url).post('/api/push/subscriptions/remove').set(auth(ivan)).send({ endpoint }).expect(200);
    const fresh = device();
    await subscribe(hana, endpoint, fresh.keys).expect(200);
    expect(await owner()).toEqual([hana.userId]);
    // Its owner may renew the keys.
    await subscribe(hana, endpoint, device().keys).expect(200);

    for (const keys of [[], {}, null, 'keys', 7, [phone.keys], { p256dh: [], auth: phone.keys.auth }, { p256dh: phone.keys.p256dh }]) {
      const res = await request(url)
        .post('/api/push/subscriptions')
        .set(auth(ivan))
        .send({ endpoint: `${pushBase}/push/ivan-x`, keys });
      expect(`${JSON.stringify(keys)} ${res.status} ${res.body.message}`).toBe(`${JSON.stringify(keys)} 400 ${MSG.pushSubscriptionInvalid}`);
    }
  });

  it('a friend request reaches the device encrypted, signed with VAPID, and decrypts to the bell text', async () => {
    const [alice, bob] = [await player(env, url), await player(env, url)];
    const phone = device();
    await subscribe(bob, `${pushBase}/push/bob-phone`, phone.keys).expect(200, { message: MSG.pushSubscribed });
    expect((await request(url).get('/api/push/settings').set(auth(bob)).expect(200)).body.devices).toBe(1);

    await request(url).post('/api/friends/request').set(auth(alice)).send({ userId: bob.userId }).expect(200);
    await eventually(() => received.some((r) => r.path === '/push/bob-phone'), 'the push reaches the push service');
    const push = received.find((r) => r.path === '/push/bob-phone')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toContain(`k=${vapid.publicKey}`);
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = decrypt(push, phone);
    expect(payload).toMatchObject({ type: 'friend_request', url: '/friends' });
    const [bell] = await env.sql<{ message: string }>(`SELECT message FROM notifications WHERE user_id = $1 AND type = 'friend_request'`, [bob.userId]);
    expect(payload.body).toBe(bell.message);
  });

  it('a direct message is pushed to every device of the recipient; a switched-off kind is not', async () => {
    const [carol, dave] = [await player(env, url), await player(env, url)];
    await befriend(url, carol, dave);
    const [phone, laptop] = [device(), device()];
    await subscribe(dave, `${pushBase}/push/dave-phone`, phone.keys).expect(200);
    await subscribe(dave, `${pushBase}/push/dave-laptop`, laptop.keys).expect(200);

    await send(url, carol, dave, 'Run it back at 6?').expect(201);
    await eventually(() => received.filter((r) => r.path.startsWith('/push/dave-')).length === 2, 'both devices get the message');
    for (const [path, d] of [
      ['/push/dave-phone', phone],
      ['/push/dave-laptop', laptop],
    ] as const) {
      const payload = decrypt(
        received.find((r) => r.path === path)!,
        d,
      );
      expect(payload).toEqual({
        type: 'message',
        title: MSG.pushMessageTitle(carol.username),
        body: 'Run it back at 6?',
        url: `/chat/${carol.userId}`,
        tag: `chat-${carol.userId}`,
      });
    }

    const off = await request(url).put('/api/push/settings').set(auth(dave)).send({ message: false }).expect(200);
    expect(off.body.settings).toMatchObject({ message: false, friend_request: true });
    await request(url).put('/api/push/settings').set(auth(dave)).send({ message: 'no' }).expect(400, { message: MSG.pushSettingsInvalid });
    const sent = await send(url, carol, dave, 'You there?').expect(201);
    // The job ran and chose not to send: its outcome is kept by BullMQ.
    const queue = new Queue('push', { connection: bullConnection(env.config.REDIS_URL), prefix: bullPrefix(env.config.REDIS_PREFIX) });
    try {
      await eventually(async () => (await queue.getJob(jobIds.push(`m-${sent.body.chat_message.id}`)))?.returnvalue === 'switched off', 'the job skips the switched-off kind');
    } finally {
      await queue.close();
    }
    // A friend request afterwards (still on) is delivered; the message before it never is.
    const erin = await player(env, url);
    await request(url).post('/api/friends/request').set(auth(erin)).send({ userId: dave.userId }).expect(200);
    await eventually(() => received.filter((r) => r.path === '/push/dave-phone').length === 2, 'the friend request arrives');
    const types = received.filter((r) => r.path === '/push/dave-phone').map((r) => decrypt(r, phone).type);
    expect(types).toEqual(['message', 'friend_request']);
  });

  it('forgets a device whose push service answers 410, and keeps the others', async () => {
    const [frank, gina] = [await player(env, url), await player(env, url)];
    const [old, fresh] = [device(), device()];
    gonePaths.add('/push/gina-old');
    await subscribe(gina, `${pushBase}/push/gina-old`, old.keys).expect(200);
    await subscribe(gina, `${pushBase}/push/gina-new`, fresh.keys).expect(200);

    await request(url).post('/api/friends/request').set(auth(frank)).send({ userId: gina.userId }).expect(200);
    await eventually(async () => (await env.sql(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [gina.userId])).length === 1, 'the dead subscription is removed');
    expect(await env.sql(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [gina.userId])).toEqual([{ endpoint: `${pushBase}/push/gina-new` }]);
    expect(received.some((r) => r.path === '/push/gina-new')).toBe(true);

    // Unsubscribing removes only the caller's own device.
    await request(url)
      .post('/api/push/subscriptions/remove')
      .set(auth(frank))
      .send({ endpoint: `${pushBase}/push/gina-new` })
      .expect(200);
    expect(await env.sql(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [gina.userId])).toHaveLength(1);
    await request(url)
      .post('/api/push/subscriptions/remove')
      .set(auth(gina))
      .send({ endpoint: `${pushBase}/push/gina-new` })
      .expect(200, { message: MSG.pushUnsubscribed });
    expect(await env.sql(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [gina.userId])).toEqual([]);
  });

  it("caps an account's devices (the oldest go), and one account's silent devices cannot hold up everyone else's pushes", async () => {
    const many = await player(env, url);
    for (let i = 0; i < PUSH_MAX_DEVICES_PER_ACCOUNT + 2; i += 1) await subscribe(many, `${pushBase}/push/many-${i}`, device().keys).expect(200);
    const kept = await env.sql<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [many.userId]);
    expect(kept.map((r) => r.endpoint)).toEqual(Array.from({ length: PUSH_MAX_DEVICES_PER_ACCOUNT }, (_, i) => `${pushBase}/push/many-${i + 2}`));
    expect((await request(url).get('/api/push/settings').set(auth(many)).expect(200)).body.devices).toBe(PUSH_MAX_DEVICES_PER_ACCOUNT);

    // As many accounts as the worker runs push jobs at once, each with a full set of devices whose
    // push service never answers: every job slot is busy with them.
    const sender = await player(env, url);
    const quiet: Player[] = [];
    for (let a = 0; a < 10; a += 1) {
      const q = await player(env, url);
      for (let i = 0; i < PUSH_MAX_DEVICES_PER_ACCOUNT; i += 1) await subscribe(q, `${pushBase}/push/hang-${q.userId}-${i}`, device().keys).expect(200);
      quiet.push(q);
    }
    const lena = await player(env, url);
    const phone = device();
    await subscribe(lena, `${pushBase}/push/lena-phone`, phone.keys).expect(200);
    for (const q of quiet) await request(url).post('/api/friends/request').set(auth(sender)).send({ userId: q.userId }).expect(200);
    await eventually(() => received.filter((r) => r.path.startsWith('/push/hang-')).length >= 10 * PUSH_MAX_DEVICES_PER_ACCOUNT, 'every silent device is being tried');
    await request(url).post('/api/friends/request').set(auth(sender)).send({ userId: lena.userId }).expect(200);
    await eventually(() => received.some((r) => r.path === '/push/lena-phone'), "Lena's push arrives while the silent devices are still being tried");
    expect(
      decrypt(
        received.find((r) => r.path === '/push/lena-phone')!,
        phone,
      ).type,
    ).toBe('friend_request');
  });

  it('forgets a device after it failed several sends in a row', async () => {
    const [mona, nils] = [await player(env, url), await player(env, url)];
    failingPaths.add('/push/nils-broken');
    await subscribe(nils, `${pushBase}/push/nils-broken`, device().keys).expect(200);
    await request(url).post('/api/friends/request').set(auth(mona)).send({ userId: nils.userId }).expect(200);
    await eventually(async () => (await env.sql(`SELECT id FROM push_subscriptions WHERE user_id = $1`, [nils.userId])).length === 0, 'the failing device is forgotten', 30_000);
    expect(received.filter((r) => r.path === '/push/nils-broken')).toHaveLength(PUSH_DROP_AFTER_FAILURES);
  });
});
