import request from 'supertest';
import sharp from 'sharp';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG, type IdentityFlagsResponse, type IdShot } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';
import * as material from './support/id-material.cjs';
import { licenceSubmission, MARCUS, marcusLicence, passportSubmission, submit, verdictOf, type Submission } from './support/id-check';

const R = MSG.idReasons;
const ADMIN = `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`;
const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 118, b: 112 } } })
    .jpeg()
    .toBuffer();

/** Each refusal: what is sent (by an account like Marcus's unless `account` says otherwise), the reason, what to retake. */
const REFUSALS: [string, () => Promise<Submission>, string, IdShot[], Partial<typeof MARCUS>?][] = [
  ['a back without a barcode', async () => licenceSubmission(marcusLicence(), { back: await blank(1000, 640) }), R.barcodeUnreadable, ['back']],
  ['a barcode that is not AAMVA licence data', () => licenceSubmission(marcusLicence(), { barcode: 'LOYALTY CARD 4711 0815 POINTS 120' }), R.barcodeNotLicence, ['back']],
  ['an expired licence', () => licenceSubmission(marcusLicence({ expiry: '2024-01-31' })), R.expired, ['front', 'back']],
  ['another name in the barcode', () => licenceSubmission(marcusLicence({ firstName: 'Derek', lastName: 'Williams' })), R.name, []],
  ['another date of birth in the barcode', () => licenceSubmission(marcusLicence({ dateOfBirth: '1998-07-15' })), R.dateOfBirth, []],
  ['a licence of another state', () => licenceSubmission(marcusLicence({ jurisdiction: 'TX', stateName: 'TEXAS' })), R.state, []],
  [
    "a front whose printed date of birth is not the account's",
    async () => {
      const licence = marcusLicence();
      return licenceSubmission(licence, { front: await material.licenceFront({ ...licence, dateOfBirth: '1998-07-15' }) });
    },
    R.dateOfBirth,
    ['front'],
  ],
  [
    'a front and a back of two cards',
    async () => {
      const licence = marcusLicence();
      return licenceSubmission(licence, { front: await material.licenceFront({ ...licence, number: 'D9988776' }) });
    },
    R.frontBackMismatch,
    ['front', 'back'],
  ],
  ['a front with no face in its portrait', () => licenceSubmission(marcusLicence({ face: null }), { selfieFace: '3.0' }), R.noPortrait, ['front']],
  ['a selfie with no face', async () => licenceSubmission(marcusLicence(), { selfie: [await blank(640, 800), await blank(640, 800)] }), R.noSelfieFace, ['selfie']],
  [
    'the printed ID held up as the selfie',
    async () => {
      const licence = marcusLicence();
      const front = await material.licenceFront(licence);
      return licenceSubmission(licence, { front, selfie: await material.photosOfDocument(front) });
    },
    R.liveness,
    ['selfie'],
  ],
  ['the selfie of someone else', () => licenceSubmission(marcusLicence(), { selfieFace: '6.0' }), R.faceMismatch, ['selfie']],
  [
    'a passport page without a machine-readable zone',
    async () => ({ ...(await passportSubmission(marcusLicence({ nationality: 'USA' }))), front: await material.licenceFront(marcusLicence()) }),
    R.mrzUnreadable,
    ['front'],
  ],
  [
    'a passport whose birth date check digit is wrong',
    () => passportSubmission(marcusLicence({ number: 'X12345678', nationality: 'USA' }), { broken: 'birthDate' }),
    R.mrzInvalid,
    ['front'],
  ],
  [
    'a passport whose number check digit is wrong',
    () => passportSubmission(marcusLicence({ number: 'X12345678', nationality: 'USA' }), { broken: 'documentNumber' }),
    R.mrzInvalid,
    ['front'],
  ],
  [
    'a passport whose expiry check digit is wrong',
    () => passportSubmission(marcusLicence({ number: 'X12345678', nationality: 'USA' }), { broken: 'expiry' }),
    R.mrzInvalid,
    ['front'],
  ],
  [
    'a passport whose composite check digit is wrong',
    () => passportSubmission(marcusLicence({ number: 'X12345678', nationality: 'USA' }), { broken: 'composite' }),
    R.mrzInvalid,
    ['front'],
  ],
  ['an expired passport', () => passportSubmission(marcusLicence({ number: 'X12345678', nationality: 'USA', expiry: '2023-03-01' })), R.expired, ['front']],
  ['a passport of another country', () => passportSubmission(marcusLicence({ number: 'X12345678', nationality: 'USA' })), R.nationality, [], { state: 'Canada' }],
];

describe('ID verification refusals: every reason on the real worker, the photos deleted each time, and one document per verified account', () => {
  let env: TestEnv;
  let api: { app: NestFastifyApplication; url: string };
  const leftovers = async () => (await env.sql<{ n: string }>(`SELECT (SELECT count(*) FROM id_check_photos) + (SELECT count(*) FROM id_check_uploads) AS n`))[0].n;

  beforeAll(async () => {
    env = await createTestEnv();
    api = await env.startApi();
    // Two workers, as a deployment may run: two checks of one document at once are decided one after the other.
    await env.startWorker();
    if (process.env.TWO) await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
  });

  // One object per row: jest takes a test function with more parameters than the row has for a done-callback test.
  const rows = REFUSALS.map(([what, sent, reason, retake, account]) => ({ what, sent, reason, retake, account }));
  it.each(rows)(
    'refuses $what, says why and what to retake, and deletes the photos',
    async ({ sent, reason, retake, account }) => {
      const p = await signupAndLogin(api.url, { ...MARCUS, ...account });
      await submit(api.url, p.token, await sent()).expect(202);
      expect(await verdictOf(api.url, p.token)).toMatchObject({ status: 'failed', reason, retake });
      expect((await env.sql<{ id_verified: boolean }>(`SELECT id_verified FROM users WHERE id = $1`, [p.userId]))[0].id_verified).toBe(false);
      expect(await env.sql(`SELECT passed, reason FROM id_checks WHERE user_id = $1`, [p.userId])).toEqual([{ passed: false, reason }]);
      expect(await env.sql(`SELECT 1 FROM id_check_uploads WHERE user_id = $1`, [p.userId])).toHaveLength(0);
    },
    120_000,
  );

  it('refuses a document verified on another live account, flags both accounts for ops, and frees it when that account is deleted', async () => {
    const licence = marcusLicence();
    const first = await signupAndLogin(api.url, MARCUS);
    await submit(api.url, first.token, await licenceSubmission(licence)).expect(202);
    expect(await verdictOf(api.url, first.token)).toMatchObject({ status: 'verified' });

    const second = await signupAndLogin(api.url, MARCUS);
    await submit(api.url, second.token, await licenceSubmission(licence)).expect(202);
    expect(await verdictOf(api.url, second.token)).toMatchObject({ status: 'failed', reason: R.duplicateDocument, retake: [] });
    const notices = await request(api.url).get('/api/notifications').set('authorization', `Bearer ${second.token}`).expect(200);
    expect(notices.body.notifications[0].message).toBe(MSG.idVerificationFailed(R.duplicateDocument));

    await request(api.url).get('/api/admin/identity-flags').expect(401);
    const { flags } = (await request(api.url).get('/api/admin/identity-flags').set('authorization', ADMIN).expect(200)).body as IdentityFlagsResponse;
    expect(flags[0]).toMatchObject({
      account: { user_id: second.userId, username: second.player.username, email: second.player.email, name: 'Marcus Johnson', deleted: false },
      verified_account: { user_id: first.userId, username: first.player.username, email: first.player.email, deleted: false },
    });
    expect(JSON.stringify(flags)).not.toContain(licence.number);

    // A deleted account no longer holds its document.
    await request(api.url).delete('/api/delete-account').set('authorization', `Bearer ${first.token}`).send({ password: first.player.password }).expect(200);
    await submit(api.url, second.token, await licenceSubmission(licence)).expect(202);
    expect(await verdictOf(api.url, second.token)).toMatchObject({ status: 'verified' });
    expect(await leftovers()).toBe('0');
  }, 180_000);

  it('verifies only one of two accounts sending one document at the same time', async () => {
    const licence = marcusLicence();
    const [a, b] = [await signupAndLogin(api.url, MARCUS), await signupAndLogin(api.url, MARCUS)];
    const sent = await licenceSubmission(licence);
    await Promise.all([submit(api.url, a.token, sent).expect(202), submit(api.url, b.token, sent).expect(202)]);
    const verdicts = await Promise.all([verdictOf(api.url, a.token), verdictOf(api.url, b.token)]);
    expect(verdicts.map((v) => v.status).sort()).toEqual(['failed', 'verified']);
    expect(verdicts.find((v) => v.status === 'failed')?.reason).toBe(R.duplicateDocument);
    expect(await env.sql(`SELECT 1 FROM users WHERE id IN ($1, $2) AND id_verified`, [a.userId, b.userId])).toHaveLength(1);
    expect(await leftovers()).toBe('0');
  }, 180_000);
});
