import request from 'supertest';
import { OPS_REQUEST_HEADER, type AddCourtRequest, type CourtPageResponse } from '@gotnext/shared';
import type { TestEnv } from './harness';
import { auth, type Player } from './matches';

let counter = 0;

/** A court form near Rucker Park unless told otherwise; unique names. */
export function courtForm(overrides: Partial<AddCourtRequest> = {}): AddCourtRequest {
  counter += 1;
  return {
    name: `Test Park ${Date.now().toString(36)} ${counter}`,
    address: '155th St & Frederick Douglass Blvd',
    lat: 40.8296,
    lng: -73.9362,
    indoor: false,
    hoops: 2,
    game_size: 2,
    notes: 'Lights till 11',
    ...overrides,
  };
}

export async function addCourt(url: string, p: Player, overrides: Partial<AddCourtRequest> = {}): Promise<number> {
  const res = await request(url).post('/api/courts').set(auth(p)).send(courtForm(overrides));
  if (res.status !== 201) throw new Error(`add court failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.court.court_id as number;
}

/** The ops screens' credentials and the header every ops write carries (docs/api.md#ops-writes). */
export const ops = { Authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`, [OPS_REQUEST_HEADER]: '1' };

export function page(url: string, p: Player, courtId: number) {
  return request(url).get(`/api/courts/${courtId}`).set(auth(p));
}

export function checkIn(url: string, p: Player, courtId: number, body: Record<string, unknown> = {}) {
  return request(url).post(`/api/courts/${courtId}/check-in`).set(auth(p)).send(body);
}

export async function hostCode(url: string, host: Player, courtId: number): Promise<string> {
  const res = await request(url).get(`/api/courts/${courtId}/code`).set(auth(host)).expect(200);
  return res.body.code as string;
}

/** The host checks in first; the others with the host's code. */
export async function checkInAll(url: string, courtId: number, host: Player, others: Player[]): Promise<void> {
  await checkIn(url, host, courtId).expect(200);
  for (const p of others) await checkIn(url, p, courtId, { code: await hostCode(url, host, courtId) }).expect(200);
}

export function post(url: string, p: Player, path: string, body: Record<string, unknown> = {}) {
  return request(url).post(path).set(auth(p)).send(body);
}

export async function queueOrder(url: string, p: Player, courtId: number): Promise<string[][]> {
  const body = (await page(url, p, courtId).expect(200)).body as CourtPageResponse;
  return body.queue.map((u) => u.players.map((x) => x.username));
}

/** Added and approved by the ops (SQL), so every player sees it. */
export async function addLiveCourt(env: TestEnv, url: string, p: Player, overrides: Partial<AddCourtRequest> = {}): Promise<number> {
  const id = await addCourt(url, p, overrides);
  await env.sql(`UPDATE courts SET status = 'approved' WHERE id = $1`, [id]);
  return id;
}
