import request from 'supertest';
import type { League, LeagueChatResponse, LeaguePermissions } from '@gotnext/shared';
import { auth, type Player } from './matches';

let n = 0;
/** A league name no other test file uses. */
export const leagueName = (what = 'Run') => `${what} ${Date.now().toString(36)}${(n += 1)}`;

/** Creates a league through the call a player makes; answers the league. */
export async function createLeague(url: string, creator: Player, opts: { name?: string; isPrivate?: boolean } = {}): Promise<League> {
  const res = await request(url)
    .post('/api/leagues')
    .set(auth(creator))
    .send({ name: opts.name ?? leagueName(), is_private: opts.isPrivate ?? false, creator_id: creator.userId });
  if (res.status !== 201) throw new Error(`create league failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.league;
}

export const joinLeague = (url: string, p: Player, leagueId: number) => request(url).post('/api/leagues/join').set(auth(p)).send({ league_id: leagueId, user_id: p.userId });
export const leaveLeague = (url: string, p: Player, leagueId: number) => request(url).post('/api/leagues/leave').set(auth(p)).send({ league_id: leagueId, user_id: p.userId });
export const invite = (url: string, from: Player, leagueId: number, to: Player | number) =>
  request(url)
    .post('/api/leagues/invite')
    .set(auth(from))
    .send({ league_id: leagueId, inviter_id: from.userId, invitee_id: typeof to === 'number' ? to : to.userId });
export const declineInvite = (url: string, p: Player, leagueId: number) => request(url).post('/api/leagues/decline-invite').set(auth(p)).send({ league_id: leagueId });

/** GET /api/leagues/{id} as `viewer` (a visitor without one). */
export const getLeague = (url: string, viewer: Player | null, leagueId: number) => {
  const req = request(url).get(`/api/leagues/${leagueId}`).query({ timezone: 'America/Chicago' });
  return viewer ? req.set(auth(viewer)) : req;
};
export const leagueOf = async (url: string, viewer: Player | null, leagueId: number): Promise<League> => (await getLeague(url, viewer, leagueId).expect(200)).body.league;

/** PUT /api/leagues/{id} as a multipart form, as the settings modal sends it. */
export function updateSettings(url: string, p: Player, leagueId: number, fields: Record<string, string | boolean>, permissions?: Record<number, Partial<LeaguePermissions>>) {
  let req = request(url).put(`/api/leagues/${leagueId}`).set(auth(p));
  for (const [key, value] of Object.entries(fields)) req = req.field(key, String(value));
  if (permissions) req = req.field('member_permissions', JSON.stringify(permissions));
  return req;
}

/** Grants (or revokes) member rights as `by`; expects success. */
export async function setRights(url: string, by: Player, leagueId: number, member: Player, rights: Partial<LeaguePermissions>) {
  const res = await request(url)
    .put(`/api/leagues/${leagueId}`)
    .set(auth(by))
    .field('member_permissions', JSON.stringify({ [member.userId]: rights }));
  if (res.status !== 200) throw new Error(`set rights failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.league as League;
}

export const sendLeagueChat = (url: string, p: Player, leagueId: number, message: string) =>
  request(url).post('/api/leagues/chat').set(auth(p)).send({ league_id: leagueId, message });
export const leagueChat = (url: string, p: Player, leagueId: number, before?: number) =>
  request(url)
    .get(`/api/leagues/chat/${leagueId}`)
    .query(before ? { before } : {})
    .set(auth(p));
export const chatTexts = (page: LeagueChatResponse) => page.chat.map((m) => m.message);
