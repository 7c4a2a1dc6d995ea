import request from 'supertest';
import type { MatchType } from '@gotnext/shared';
import type { TestEnv } from './harness';
import { signupAndLogin } from './players';
import { recentLogs } from './recent-logs';

export interface Player {
  userId: number;
  token: string;
  username: string;
}

/** A signed-up player; `verified` sets e-mail and ID verification as issue #3's screens will. */
export async function player(env: TestEnv, url: string, verified = true, overrides: Record<string, unknown> = {}): Promise<Player> {
  const p = await signupAndLogin(url, overrides);
  if (verified) await env.sql(`UPDATE users SET email_verified = true, id_verified = true WHERE id = $1`, [p.userId]);
  return { userId: p.userId, token: p.token, username: p.player.username };
}

export const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });

export async function createMatch(url: string, creator: Player, type: MatchType, body: Record<string, unknown> = {}) {
  const res = await request(url)
    .post(`/api/create-match-${type}`)
    .set(auth(creator))
    .send({ user_id: creator.userId, ...body });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { match_id: number; match_code: string };
}

export function join(url: string, p: Player, type: MatchType, code: string) {
  return request(url).post(`/api/join-match-${type}`).set(auth(p)).send({ user_id: p.userId, match_code: code });
}

export function details(url: string, p: Player, matchId: number) {
  return request(url).get(`/api/match-details/${matchId}`).set(auth(p));
}

export function start(url: string, p: Player, matchId: number) {
  return request(url).post(`/api/start-match/${matchId}`).set(auth(p)).send({ user_id: p.userId });
}

/** Reports a score: 1v1 as (mine, theirs); team types as (Team A, Team B). */
export function report(url: string, p: Player, type: MatchType, matchId: number, x: number, y: number) {
  return type === '1v1'
    ? request(url).post('/api/report-score-1v1').set(auth(p)).send({ match_id: matchId, user_id: p.userId, user_score: x, opponent_score: y })
    : request(url).post(`/api/report-score-${type}`).set(auth(p)).send({ match_id: matchId, user_id: p.userId, team_1_score: x, team_2_score: y });
}

/** Submits a final score in a dispute: 1v1 as (mine, theirs); team types as (Team A, Team B). */
export function resolve(url: string, p: Player, type: MatchType, matchId: number, x: number, y: number) {
  return type === '1v1'
    ? request(url).post('/api/resolve-dispute').set(auth(p)).send({ match_id: matchId, userScore: x, opponentScore: y })
    : request(url).post(`/api/resolve-dispute-${type}`).set(auth(p)).send({ match_id: matchId, team_a_score: x, team_b_score: y });
}

/** Creates a match of `type` and fills it with fresh players; returns them in team order (A first). */
export async function fullMatch(env: TestEnv, url: string, type: MatchType, opts: { ranked?: boolean; scoringType?: string } = {}) {
  const size = Number(type[0]);
  const creator = await player(env, url);
  const created = await createMatch(url, creator, type, { ranked: opts.ranked ?? true, scoringType: opts.scoringType ?? '1s & 2s to 11' });
  const others: Player[] = [];
  for (let i = 1; i < 2 * size; i += 1) {
    const p = await player(env, url);
    const res = await join(url, p, type, created.match_code.toLowerCase());
    if (res.status !== 200) throw new Error(`join failed ${res.status} ${JSON.stringify(res.body)}`);
    others.push(p);
  }
  const all = [creator, ...others];
  return { ...created, creator, teamA: all.slice(0, size), teamB: all.slice(size), all };
}

/** Polls `probe` until it returns a truthy value (jobs run asynchronously in the worker). */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time${recentLogs.tail(timeoutMs + 5000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
