import request from 'supertest';
import type { IdCheckStatusResponse, IdDocumentType } from '@gotnext/shared';
import * as material from './id-material.cjs';
import type { MaterialPerson } from './id-material.cjs';

/** The account every document below is made for, unless a test says otherwise. */
export const MARCUS = { firstName: 'Marcus', lastName: 'Johnson', dateOfBirth: '1999-06-15', state: 'CA' };
let serial = 0;
/**
 * Marcus's California licence (portrait: face 3.0 of the model's sample photos), each with its own
 * number, since one document verifies one account.
 */
export function marcusLicence(overrides: Partial<MaterialPerson> = {}): MaterialPerson {
  serial += 1;
  const number = `D${String((process.pid * 1000 + serial) % 10_000_000).padStart(7, '0')}`;
  return {
    firstName: 'Marcus',
    lastName: 'Johnson',
    dateOfBirth: '1999-06-15',
    stateName: 'CALIFORNIA',
    jurisdiction: 'CA',
    number,
    expiry: '2031-06-15',
    face: '3.0',
    ...overrides,
  };
}

export interface Submission {
  documentType?: IdDocumentType;
  front: Buffer;
  back?: Buffer;
  selfie?: Buffer;
  selfieTurned?: Buffer;
}

/**
 * A licence submission: the front and back of `licence` (the back's barcode from `barcode`, by
 * default the same person's AAMVA data) and a two-frame selfie of `selfieFace` (default: the
 * portrait's face, turning its head).
 */
export async function licenceSubmission(
  licence: MaterialPerson = marcusLicence(),
  opts: { barcode?: string; back?: Buffer; selfieFace?: string; selfie?: [Buffer, Buffer]; front?: Buffer } = {},
): Promise<Submission> {
  const [selfie, selfieTurned] = opts.selfie ?? (await material.selfieFrames(opts.selfieFace ?? licence.face ?? '3.0'));
  return {
    documentType: 'drivers_license',
    front: opts.front ?? (await material.licenceFront(licence)),
    back: opts.back ?? (await material.licenceBack(opts.barcode ?? material.aamvaText(licence))),
    selfie,
    selfieTurned,
  };
}

export async function passportSubmission(passport: MaterialPerson, opts: { broken?: material.BrokenDigit; front?: Buffer; selfieFace?: string } = {}): Promise<Submission> {
  const [selfie, selfieTurned] = await material.selfieFrames(opts.selfieFace ?? passport.face ?? '3.0');
  return { documentType: 'passport', front: opts.front ?? (await material.passportPage(passport, opts.broken)), selfie, selfieTurned };
}

/** POST /api/verify as the page sends it. */
export function submit(url: string, token: string, s: Submission) {
  const req = request(url).post('/api/verify').set('authorization', `Bearer ${token}`);
  if (s.documentType) req.field('document_type', s.documentType);
  const jpeg = (name: string) => ({ filename: `${name}.jpg`, contentType: 'image/jpeg' });
  req.attach('id_photo', s.front, jpeg('front'));
  if (s.back) req.attach('id_back', s.back, jpeg('back'));
  if (s.selfie) req.attach('selfie', s.selfie, jpeg('selfie'));
  if (s.selfieTurned) req.attach('selfie_turned', s.selfieTurned, jpeg('selfie-turned'));
  return req;
}

export async function checkStatus(url: string, token: string): Promise<IdCheckStatusResponse> {
  return (await request(url).get('/api/verify').set('authorization', `Bearer ${token}`).expect(200)).body;
}

/** Waits for the worker's verdict by reading GET /api/verify, as the page does while its socket is down. */
export async function verdictOf(url: string, token: string, timeoutMs = 90_000): Promise<IdCheckStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await checkStatus(url, token);
    if (status.status !== 'pending') return status;
    if (Date.now() > deadline) throw new Error(`no ID verdict within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
