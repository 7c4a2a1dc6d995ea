import request from 'supertest';
import type { Queue } from 'bullmq';
import type { Socket } from 'socket.io-client';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG, type NotificationEvent } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';
import { renderIdCard } from './support/images';
import { connectSocket, nextEvent, socketReady } from './support/sockets';
import { jobIds, QUEUE_TOKENS } from '../src/jobs/queues';
import { ID_MISMATCH_REASONS } from '../src/verification/id-match';

const MARCUS = { firstName: 'Marcus', lastName: 'Johnson', dateOfBirth: '1999-06-15', state: 'CA' };
const cardOf = (first: string, last: string, dob: string, state = 'STATE OF CALIFORNIA') =>
  renderIdCard([state, 'DRIVER LICENSE', `LN ${last}`, `FN ${first}`, `DOB ${dob}`, 'EXP 06/15/2031', 'CLASS C']);

describe('ID verification: real OCR in the worker, verdict as a live notification, photo deleted', () => {
  let env: TestEnv;
  let api: { app: NestFastifyApplication; url: string };
  let api2: { app: NestFastifyApplication; url: string };
  const sockets: Socket[] = [];
  const queue = () => api.app.get<Queue>(QUEUE_TOKENS['id-verification']);

  beforeAll(async () => {
    env = await createTestEnv();
    api = await env.startApi();
    api2 = await env.startApi();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await env.close();
  });

  async function playerWithSocket(overrides = {}) {
    const p = await signupAndLogin(api.url, { ...MARCUS, ...overrides });
    const socket = connectSocket(api2.url, p.token);
    sockets.push(socket);
    await socketReady(socket);
    return { ...p, socket };
  }

  const submit = (token: string, photo: Buffer) =>
    request(api.url).post('/api/verify').set('authorization', `Bearer ${token}`).attach('id_photo', photo, { filename: 'id.jpg', contentType: 'image/jpeg' });

  it('queues a job that carries only ids, then passes a matching ID and tells the player live', async () => {
    const p = await playerWithSocket();
    const res = await submit(p.token, await cardOf('MARCUS', 'JOHNSON', '06/15/1999')).expect(202);
    expect(res.body.message).toBe(MSG.idCheckQueued);
    const [upload] = await env.sql<{ id: number; size: number }>(`SELECT id, length(bytes) AS size FROM id_check_uploads WHERE user_id = $1`, [p.userId]);
    expect(upload.size).toBeGreaterThan(1000);
    const job = await queue().getJob(jobIds.idVerification(upload.id));
    expect(job?.data).toEqual({ uploadId: upload.id, userId: p.userId }); // no photo in Redis

    // A second submission while the first is pending is refused.
    expect((await submit(p.token, await cardOf('MARCUS', 'JOHNSON', '06/15/1999')).expect(409)).body.message).toBe(MSG.idCheckPending);

    const verdict = nextEvent<NotificationEvent>(p.socket, 'notification:new', 45_000);
    await env.startWorker();
    expect(await verdict).toMatchObject({ type: 'id_verification', message: MSG.idVerified, read: false });
    const [user] = await env.sql<{ id_verified: boolean }>(`SELECT id_verified FROM users WHERE id = $1`, [p.userId]);
    expect(user.id_verified).toBe(true);
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE user_id = $1`, [p.userId])).toHaveLength(0);
    expect(await env.sql(`SELECT passed, reason FROM id_checks WHERE user_id = $1`, [p.userId])).toEqual([{ passed: true, reason: null }]);
    const listed = await request(api.url).get('/api/notifications').set('authorization', `Bearer ${p.token}`).expect(200);
    expect(listed.body.notifications[0].message).toBe(MSG.idVerified);
    expect((await submit(p.token, await cardOf('MARCUS', 'JOHNSON', '06/15/1999')).expect(409)).body.message).toBe(MSG.idAlreadyVerified);
  }, 60_000);

  it.each([
    ['another name', () => cardOf('DEREK', 'WILLIAMS', '06/15/1999'), ID_MISMATCH_REASONS.name],
    ['another date of birth', () => cardOf('MARCUS', 'JOHNSON', '07/15/1998'), ID_MISMATCH_REASONS.date_of_birth],
    ['another state', () => cardOf('MARCUS', 'JOHNSON', '06/15/1999', 'STATE OF TEXAS'), ID_MISMATCH_REASONS.state],
  ])('fails an ID with %s, says why, and deletes the photo', async (_what, card, reason) => {
    const p = await playerWithSocket();
    const verdict = nextEvent<NotificationEvent>(p.socket, 'notification:new', 30_000);
    await submit(p.token, await card()).expect(202);
    expect((await verdict).message).toBe(MSG.idVerificationFailed(reason));
    expect((await env.sql<{ id_verified: boolean }>(`SELECT id_verified FROM users WHERE id = $1`, [p.userId]))[0].id_verified).toBe(false);
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE user_id = $1`, [p.userId])).toHaveLength(0);
    expect(await env.sql(`SELECT passed, reason FROM id_checks WHERE user_id = $1`, [p.userId])).toEqual([{ passed: false, reason }]);
  }, 40_000);

  it('passes an ID that writes the date out and prints the state code, with name and surname on one line', async () => {
    const p = await playerWithSocket();
    const verdict = nextEvent<NotificationEvent>(p.socket, 'notification:new', 30_000);
    await submit(p.token, await renderIdCard(['IDENTIFICATION CARD', 'JOHNSON, MARCUS', 'BORN June 15, 1999', 'ADDRESS 12 MAIN ST, FRESNO, CA 93650'])).expect(202);
    expect((await verdict).message).toBe(MSG.idVerified);
  }, 40_000);

  it('deletes the photo and tells the player when the job fails for good, with nothing of the photo in the failed set', async () => {
    const p = await playerWithSocket();
    // A photo the OCR step cannot even decode: every attempt throws.
    const [{ id }] = await env.sql<{ id: number }>(`INSERT INTO id_check_uploads (user_id, bytes) VALUES ($1, $2) RETURNING id`, [p.userId, Buffer.from('not an image at all')]);
    const verdict = nextEvent<NotificationEvent>(p.socket, 'notification:new', 30_000);
    await queue().add('check', { uploadId: id, userId: p.userId }, { jobId: jobIds.idVerification(id), attempts: 2, backoff: { type: 'fixed', delay: 50 } });
    expect((await verdict).message).toMatch(/^ID verification failed: /);
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE id = $1`, [id])).toHaveLength(0);
    const failed = await queue().getJob(jobIds.idVerification(id));
    expect(await failed?.getState()).toBe('failed');
    expect(JSON.stringify(failed?.data)).toBe(JSON.stringify({ uploadId: id, userId: p.userId }));
  }, 40_000);

  it('lets a new photo replace a pending one whose check was lost an hour ago', async () => {
    const p = await playerWithSocket();
    const [{ id: lost }] = await env.sql<{ id: number }>(`INSERT INTO id_check_uploads (user_id, bytes, created_at) VALUES ($1, $2, now() - interval '2 hours') RETURNING id`, [p.userId, Buffer.from('lost')]);
    const verdict = nextEvent<NotificationEvent>(p.socket, 'notification:new', 30_000);
    await submit(p.token, await cardOf('MARCUS', 'JOHNSON', '06/15/1999')).expect(202);
    expect((await verdict).message).toBe(MSG.idVerified);
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE id = $1 OR user_id = $2`, [lost, p.userId])).toHaveLength(0);
  }, 40_000);

  it('refuses what cannot be checked, storing nothing', async () => {
    const noRegion = await signupAndLogin(api.url, { ...MARCUS, state: 'N/A' });
    expect((await submit(noRegion.token, await cardOf('MARCUS', 'JOHNSON', '06/15/1999')).expect(400)).body.message).toBe(MSG.needStateAndDob);
    const p = await signupAndLogin(api.url, MARCUS);
    const auth = { authorization: `Bearer ${p.token}` };
    expect((await request(api.url).post('/api/verify').set(auth).field('note', 'no file').expect(400)).body.message).toBe(MSG.selectFile);
    expect((await request(api.url).post('/api/verify').set(auth).send({}).expect(400)).body.message).toBe(MSG.selectFile);
    const notImage = await request(api.url).post('/api/verify').set(auth).attach('id_photo', Buffer.from('%PDF-1.7 not an image'), { filename: 'id.png', contentType: 'image/png' }).expect(415);
    expect(notImage.body.message).toBe(MSG.imageOnly);
    await request(api.url).post('/api/verify').attach('id_photo', await cardOf('A', 'B', '1')).expect(401);
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE user_id IN ($1, $2)`, [p.userId, noRegion.userId])).toHaveLength(0);
  });
});
