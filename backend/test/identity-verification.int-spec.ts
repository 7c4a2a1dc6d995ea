import request from 'supertest';
import type { Queue } from 'bullmq';
import type { Socket } from 'socket.io-client';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG, type NotificationEvent } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';
import { connectSocket, nextEvent, socketReady } from './support/sockets';
import { checkStatus, licenceSubmission, MARCUS, marcusLicence, passportSubmission, submit, verdictOf } from './support/id-check';
import { jobIds, QUEUE_TOKENS } from '../src/jobs/queues';

const R = MSG.idReasons;

describe('ID verification: the real worker checks a licence or a passport and a selfie, tells the player live, and deletes every photo', () => {
  let env: TestEnv;
  let api: { app: NestFastifyApplication; url: string };
  let api2: { app: NestFastifyApplication; url: string };
  const sockets: Socket[] = [];
  const queue = () => api.app.get<Queue>(QUEUE_TOKENS['id-verification']);
  const photosOf = async (userId: number) =>
    (await env.sql<{ n: string }>(`SELECT count(*) AS n FROM id_check_photos p JOIN id_check_uploads u ON u.id = p.upload_id WHERE u.user_id = $1`, [userId]))[0].n;

  beforeAll(async () => {
    env = await createTestEnv();
    api = await env.startApi();
    api2 = await env.startApi();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await env.close();
  });

  it('queues a job that carries only ids, passes a matching licence and selfie, and tells the player live', async () => {
    const p = await signupAndLogin(api.url, MARCUS);
    const socket = connectSocket(api2.url, p.token);
    sockets.push(socket);
    await socketReady(socket);
    const licence = marcusLicence();
    const sent = await licenceSubmission(licence);
    expect((await submit(api.url, p.token, sent).expect(202)).body.message).toBe(MSG.idCheckQueued);
    const [upload] = await env.sql<{ id: number; document_type: string }>(`SELECT id, document_type FROM id_check_uploads WHERE user_id = $1`, [p.userId]);
    expect(upload.document_type).toBe('drivers_license');
    expect(await env.sql(`SELECT shot FROM id_check_photos WHERE upload_id = $1 ORDER BY shot`, [upload.id])).toEqual([
      { shot: 'back' },
      { shot: 'front' },
      { shot: 'selfie' },
      { shot: 'selfie_turned' },
    ]);
    const job = await queue().getJob(jobIds.idVerification(upload.id));
    expect(job?.data).toEqual({ uploadId: upload.id, userId: p.userId }); // no photo in Redis
    expect(await checkStatus(api.url, p.token)).toMatchObject({ status: 'pending' });
    // A second submission while the first is pending is refused.
    expect((await submit(api.url, p.token, sent).expect(409)).body.message).toBe(MSG.idCheckPending);

    const verdict = nextEvent<NotificationEvent>(socket, 'notification:new', 90_000);
    await env.startWorker();
    expect(await verdict).toMatchObject({ type: 'id_verification', message: MSG.idVerified, read: false });
    expect(await checkStatus(api.url, p.token)).toMatchObject({ status: 'verified', reason: null, retake: [] });
    const [user] = await env.sql<{ id_verified: boolean }>(`SELECT id_verified FROM users WHERE id = $1`, [p.userId]);
    expect(user.id_verified).toBe(true);
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE user_id = $1`, [p.userId])).toHaveLength(0);
    expect(await photosOf(p.userId)).toBe('0');
    // Only the verdict and the document's keyed hash are kept: never the number.
    const [check] = await env.sql<{ passed: boolean; reason: string | null; document_hash: string }>(`SELECT passed, reason, document_hash FROM id_checks WHERE user_id = $1`, [
      p.userId,
    ]);
    expect(check).toMatchObject({ passed: true, reason: null });
    expect(check.document_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await env.sql(`SELECT document_hash FROM verified_documents WHERE user_id = $1`, [p.userId])).toEqual([{ document_hash: check.document_hash }]);
    const kept = JSON.stringify([await env.sql(`SELECT * FROM id_checks`), await env.sql(`SELECT * FROM verified_documents`)]);
    expect(kept).not.toContain(licence.number);
    expect((await submit(api.url, p.token, sent).expect(409)).body.message).toBe(MSG.idAlreadyVerified);
  }, 120_000);

  it("passes a passport whose MRZ holds, for a player of the passport's country", async () => {
    const p = await signupAndLogin(api.url, { ...MARCUS, state: 'Canada' });
    await submit(api.url, p.token, await passportSubmission(marcusLicence({ number: 'AB1234567', nationality: 'CAN' }))).expect(202);
    expect(await verdictOf(api.url, p.token)).toMatchObject({ status: 'verified' });
    expect(await photosOf(p.userId)).toBe('0');
  }, 120_000);

  it('answers a failed check with its reason and what to retake, and takes a new attempt', async () => {
    const p = await signupAndLogin(api.url, MARCUS);
    await submit(api.url, p.token, await licenceSubmission(marcusLicence(), { selfieFace: '6.0' })).expect(202);
    const failed = await verdictOf(api.url, p.token);
    expect(failed).toMatchObject({ status: 'failed', reason: R.faceMismatch, retake: ['selfie'] });
    expect(failed.checked_at).toEqual(expect.any(String));
    const listed = await request(api.url).get('/api/notifications').set('authorization', `Bearer ${p.token}`).expect(200);
    expect(listed.body.notifications[0].message).toBe(MSG.idVerificationFailed(R.faceMismatch));
    expect(await photosOf(p.userId)).toBe('0');
    // The retake goes through the same call.
    await submit(api.url, p.token, await licenceSubmission()).expect(202);
    expect(await verdictOf(api.url, p.token)).toMatchObject({ status: 'verified' });
  }, 180_000);

  it('deletes every photo and tells the player when the job fails for good, with nothing of the photos in the failed set', async () => {
    const p = await signupAndLogin(api.url, MARCUS);
    const socket = connectSocket(api2.url, p.token);
    sockets.push(socket);
    await socketReady(socket);
    // Photos no decoder can read: every attempt throws.
    const [{ id }] = await env.sql<{ id: number }>(`INSERT INTO id_check_uploads (user_id, document_type) VALUES ($1, 'drivers_license') RETURNING id`, [p.userId]);
    for (const shot of ['front', 'back', 'selfie', 'selfie_turned'])
      await env.sql(`INSERT INTO id_check_photos (upload_id, shot, bytes) VALUES ($1, $2, $3)`, [id, shot, Buffer.from('not an image at all')]);
    const verdict = nextEvent<NotificationEvent>(socket, 'notification:new', 60_000);
    await queue().add('check', { uploadId: id, userId: p.userId }, { jobId: jobIds.idVerification(id), attempts: 2, backoff: { type: 'fixed', delay: 50 } });
    expect((await verdict).message).toBe(MSG.idVerificationFailed(R.gaveUp));
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE id = $1`, [id])).toHaveLength(0);
    expect(await env.sql(`SELECT 1 FROM id_check_photos WHERE upload_id = $1`, [id])).toHaveLength(0);
    const failed = await queue().getJob(jobIds.idVerification(id));
    expect(await failed?.getState()).toBe('failed');
    expect(JSON.stringify(failed?.data)).toBe(JSON.stringify({ uploadId: id, userId: p.userId }));
  }, 90_000);

  it('asks for the new shots when a one-photo upload from the old check is still pending, and deletes it', async () => {
    const p = await signupAndLogin(api.url, MARCUS);
    const [{ id }] = await env.sql<{ id: number }>(`INSERT INTO id_check_uploads (user_id, document_type) VALUES ($1, 'legacy') RETURNING id`, [p.userId]);
    await env.sql(`INSERT INTO id_check_photos (upload_id, shot, bytes) VALUES ($1, 'front', $2)`, [id, (await licenceSubmission()).front]);
    await queue().add('check', { uploadId: id, userId: p.userId }, { jobId: jobIds.idVerification(id) });
    expect(await verdictOf(api.url, p.token)).toMatchObject({ status: 'failed', reason: R.resubmit, retake: ['front', 'back', 'selfie'] });
    expect(await photosOf(p.userId)).toBe('0');
  }, 60_000);

  it('lets a new submission replace a pending one whose check was lost an hour ago', async () => {
    const p = await signupAndLogin(api.url, MARCUS);
    const [{ id: lost }] = await env.sql<{ id: number }>(
      `INSERT INTO id_check_uploads (user_id, document_type, created_at) VALUES ($1, 'drivers_license', now() - interval '2 hours') RETURNING id`,
      [p.userId],
    );
    await env.sql(`INSERT INTO id_check_photos (upload_id, shot, bytes) VALUES ($1, 'front', $2)`, [lost, Buffer.from('lost')]);
    await submit(api.url, p.token, await licenceSubmission()).expect(202);
    expect(await verdictOf(api.url, p.token)).toMatchObject({ status: 'verified' });
    expect(await env.sql(`SELECT 1 FROM id_check_photos WHERE upload_id = $1`, [lost])).toHaveLength(0);
  }, 120_000);

  it('keeps players verified before this check verified', async () => {
    const p = await signupAndLogin(api.url, MARCUS);
    await env.sql(`UPDATE users SET id_verified = true WHERE id = $1`, [p.userId]);
    expect(await checkStatus(api.url, p.token)).toMatchObject({ status: 'verified' });
    expect((await submit(api.url, p.token, await licenceSubmission()).expect(409)).body.message).toBe(MSG.idAlreadyVerified);
  });

  it('refuses what cannot be checked, storing nothing', async () => {
    const noRegion = await signupAndLogin(api.url, { ...MARCUS, state: 'N/A' });
    const full = await licenceSubmission();
    expect((await submit(api.url, noRegion.token, full).expect(400)).body.message).toBe(MSG.needStateAndDob);
    const p = await signupAndLogin(api.url, MARCUS);
    expect(await checkStatus(api.url, p.token)).toEqual({ status: 'not_submitted', reason: null, retake: [], checked_at: null });
    const auth = { authorization: `Bearer ${p.token}` };
    expect((await request(api.url).post('/api/verify').set(auth).field('note', 'no file').expect(400)).body.message).toBe(MSG.selectFile);
    expect((await request(api.url).post('/api/verify').set(auth).send({}).expect(400)).body.message).toBe(MSG.selectFile);
    // The spec's call alone (id_photo) is taken as the front; a licence needs its back, and everyone a selfie.
    expect((await submit(api.url, p.token, { front: full.front }).expect(400)).body.message).toBe(MSG.idBackRequired);
    expect((await submit(api.url, p.token, { ...full, selfieTurned: undefined }).expect(400)).body.message).toBe(MSG.selfieRequired);
    expect((await submit(api.url, p.token, { ...full, documentType: 'passport' }).expect(400)).body.message).toBe(MSG.idBackNotForPassport);
    expect((await submit(api.url, p.token, { ...full, documentType: 'library_card' as never }).expect(400)).body.message).toBe(MSG.idDocumentTypeInvalid);
    const notImage = await submit(api.url, p.token, { ...full, selfie: Buffer.from('%PDF-1.7 not an image') }).expect(415);
    expect(notImage.body.message).toBe(MSG.imageOnly);
    const other = await request(api.url).post('/api/verify').set(auth).attach('id_photo', full.front, 'a.jpg').attach('passport_scan', full.front, 'b.jpg').expect(400);
    expect(other.body.message).toBe(MSG.unknownFile('passport_scan'));
    const tooLarge = await request(api.url)
      .post('/api/verify')
      .set(auth)
      .attach('id_photo', full.front, 'a.jpg')
      .attach('selfie', Buffer.alloc(4 * 1024 * 1024 + 10, 1), 'big.jpg')
      .expect(413);
    expect(tooLarge.body.message).toBe(MSG.selfieTooLarge);
    await request(api.url).post('/api/verify').attach('id_photo', full.front, 'a.jpg').expect(401);
    await request(api.url).get('/api/verify').expect(401);
    expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE user_id IN ($1, $2)`, [p.userId, noRegion.userId])).toHaveLength(0);
  });
});
