import type { APIRequestContext } from '@playwright/test';
import { apiSignup, sql } from './stack';

export type Signed = Awaited<ReturnType<typeof apiSignup>>;

/** A verified player, signed up through the API (the ID screen is not what these specs test). */
export async function verifiedPlayer(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<Signed> {
  const p = await apiSignup(request, overrides);
  await sql('UPDATE users SET email_verified = true, id_verified = true WHERE id = $1', [p.userId]);
  return p;
}

/** A ranked 1v1 played through the API, reported by both: the worker's rating job rates it. */
export async function playRanked(request: APIRequestContext, winner: Signed, loser: Signed, winnerScore: number, loserScore: number): Promise<void> {
  const as = (p: Signed) => ({ Authorization: `Bearer ${p.token}` });
  const ok = async (res: Promise<import('@playwright/test').APIResponse>) => {
    const r = await res;
    if (!r.ok()) throw new Error(`${r.url()}: ${r.status()} ${await r.text()}`);
    return r.json();
  };
  const created = await ok(request.post('/api/create-match-1v1', { headers: as(winner), data: { ranked: true, scoringType: '1s & 2s to 21' } }));
  await ok(request.post('/api/join-match-1v1', { headers: as(loser), data: { match_code: created.match_code } }));
  await ok(request.post(`/api/start-match/${created.match_id}`, { headers: as(winner), data: {} }));
  await ok(request.post('/api/report-score-1v1', { headers: as(winner), data: { match_id: created.match_id, user_score: winnerScore, opponent_score: loserScore } }));
  await ok(request.post('/api/report-score-1v1', { headers: as(loser), data: { match_id: created.match_id, user_score: loserScore, opponent_score: winnerScore } }));
}
