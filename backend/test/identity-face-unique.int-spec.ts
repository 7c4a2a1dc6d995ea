import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG, type IdentityFlagsResponse } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';
import { licenceSubmission, MARCUS, marcusLicence, submit, verdictOf } from './support/id-check';

const R = MSG.idReasons;
const ADMIN = `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`;

type Api = { app: NestFastifyApplication; url: string };

/** A player like Marcus who sends his own licence (a number of its own) with face `face` as portrait and selfie. */
async function verifyWithFace(api: Api, face: string) {
  const p = await signupAndLogin(api.url, MARCUS);
  await submit(api.url, p.token, await licenceSubmission(marcusLicence({ face }))).expect(202);
  return { ...p, verdict: await verdictOf(api.url, p.token) };
}

const flagsOf = async (api: Api) => ((await request(api.url).get('/api/admin/identity-flags').set('authorization', ADMIN).expect(200)).body as IdentityFlagsResponse).flags;

// docs/identity-rules.md#one-face-one-account, on the real worker and its face model.
describe('one face, one account (ID_FACE_UNIQUE=refuse, the default)', () => {
  let env: TestEnv;
  let api: Api;
  const verified = async (userId: number) => (await env.sql<{ id_verified: boolean }>(`SELECT id_verified FROM users WHERE id = $1`, [userId]))[0].id_verified;

  beforeAll(async () => {
    env = await createTestEnv({ ID_FACE_UNIQUE: 'refuse' });
    api = await env.startApi();
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
  });

  it("refuses the same face on a second account with another licence number, flags both for ops, lets another face pass, and forgets a deleted account's face", async () => {
    const first = await verifyWithFace(api, '3.0');
    expect(first.verdict).toMatchObject({ status: 'verified' });

    // The same face on a licence with another (invented) number: the document rule alone lets it through.
    const second = await verifyWithFace(api, '3.0');
    expect(second.verdict).toMatchObject({ status: 'failed', reason: R.duplicateFace, retake: [] });
    expect(await verified(second.userId)).toBe(false);
    const notices = await request(api.url).get('/api/notifications').set('authorization', `Bearer ${second.token}`).expect(200);
    expect(notices.body.notifications[0].message).toBe(MSG.idVerificationFailed(R.duplicateFace));
    expect((await flagsOf(api))[0]).toMatchObject({
      kind: 'face',
      account: { user_id: second.userId, username: second.player.username, deleted: false },
      verified_account: { user_id: first.userId, username: first.player.username, deleted: false },
    });

    // Another face passes; each verified account keeps a 128-byte template and no photo.
    const other = await verifyWithFace(api, '6.0');
    expect(other.verdict).toMatchObject({ status: 'verified' });
    const templates = await env.sql<{ user_id: number; n: number }>(`SELECT user_id, length(template) AS n FROM face_templates ORDER BY user_id`);
    expect(templates).toEqual([
      { user_id: first.userId, n: 128 },
      { user_id: other.userId, n: 128 },
    ]);
    expect(await env.sql(`SELECT 1 FROM id_check_photos`)).toHaveLength(0);

    // Deleting the first account removes its template, and its face no longer counts.
    await request(api.url).delete('/api/delete-account').set('authorization', `Bearer ${first.token}`).send({ password: first.player.password }).expect(200);
    await submit(api.url, second.token, await licenceSubmission(marcusLicence({ face: '3.0' }))).expect(202);
    expect(await verdictOf(api.url, second.token)).toMatchObject({ status: 'verified' });
    // The template goes once the deletion is delivered to the ID check's listener (after its commit).
    const deadline = Date.now() + 30_000;
    while ((await env.sql(`SELECT 1 FROM face_templates WHERE user_id = $1`, [first.userId])).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await env.sql(`SELECT 1 FROM face_templates WHERE user_id = $1`, [first.userId])).toHaveLength(0);
  }, 300_000);

  it('verifies only one of two accounts sending one face at the same time', async () => {
    const [a, b] = [await signupAndLogin(api.url, MARCUS), await signupAndLogin(api.url, MARCUS)];
    const [sentA, sentB] = [await licenceSubmission(marcusLicence({ face: '4.0' })), await licenceSubmission(marcusLicence({ face: '4.0' }))];
    await Promise.all([submit(api.url, a.token, sentA).expect(202), submit(api.url, b.token, sentB).expect(202)]);
    const verdicts = await Promise.all([verdictOf(api.url, a.token), verdictOf(api.url, b.token)]);
    expect(verdicts.map((v) => v.status).sort()).toEqual(['failed', 'verified']);
    expect(verdicts.find((v) => v.status === 'failed')?.reason).toBe(R.duplicateFace);
    expect(await env.sql(`SELECT 1 FROM users WHERE id IN ($1, $2) AND id_verified`, [a.userId, b.userId])).toHaveLength(1);
  }, 300_000);
});

describe('one face, one account under ID_FACE_UNIQUE=flag (staging and tests)', () => {
  let env: TestEnv;
  let api: Api;

  beforeAll(async () => {
    env = await createTestEnv({ ID_FACE_UNIQUE: 'flag' });
    api = await env.startApi();
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
  });

  it('verifies both accounts and flags the second for ops with both accounts', async () => {
    const first = await verifyWithFace(api, '3.0');
    const second = await verifyWithFace(api, '3.0');
    expect([first.verdict.status, second.verdict.status]).toEqual(['verified', 'verified']);
    expect(await flagsOf(api)).toMatchObject([
      {
        kind: 'face',
        account: { user_id: second.userId, username: second.player.username },
        verified_account: { user_id: first.userId, username: first.player.username },
      },
    ]);
  }, 300_000);
});
