import request from 'supertest';
import type { MatchType } from '@gotnext/shared';
import { auth, type Player } from './matches';

/** The league match calls as the league pages make them (docs/leagues.md#league-matches). */
export async function createLeagueMatch(url: string, creator: Player, leagueId: number, matchType: MatchType, scoringType = '1s & 2s to 11') {
  const res = await request(url).post('/api/leagues/create-match').set(auth(creator)).send({ league_id: leagueId, user_id: creator.userId, matchType, scoringType });
  if (res.status !== 201) throw new Error(`create league match failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { match_id: number; match_code: string; league_id: number };
}
export const createLeagueMatchCall = (url: string, p: Player, leagueId: number, matchType: string) =>
  request(url).post('/api/leagues/create-match').set(auth(p)).send({ league_id: leagueId, user_id: p.userId, matchType, scoringType: '1s & 2s to 11' });
export const joinLeagueMatch = (url: string, p: Player, leagueId: number, code: string) =>
  request(url).post('/api/leagues/join-match').set(auth(p)).send({ league_id: leagueId, user_id: p.userId, match_code: code });
export const leagueMatchDetails = (url: string, p: Player, matchId: number) => request(url).get(`/api/leagues/match-details/${matchId}`).set(auth(p));
export const leagueJoinTeam = (url: string, p: Player, matchId: number) => request(url).post('/api/leagues/join-team').set(auth(p)).send({ match_id: matchId, user_id: p.userId });
export const leagueStart = (url: string, p: Player, matchId: number) => request(url).post(`/api/leagues/start-match/${matchId}`).set(auth(p)).send({ user_id: p.userId });

/** 1v1: (mine, theirs) with the opponent's id; teams: (Team A, Team B) with both rosters. */
export function leagueReport(
  url: string,
  p: Player,
  leagueId: number,
  matchId: number,
  type: MatchType,
  x: number,
  y: number,
  extra: { opponentId?: number; teamA?: number[]; teamB?: number[] } = {},
) {
  const body =
    type === '1v1'
      ? { league_id: leagueId, match_id: matchId, user_id: p.userId, matchType: type, user_score: x, opponent_score: y, opponent_id: extra.opponentId }
      : { league_id: leagueId, match_id: matchId, user_id: p.userId, matchType: type, team_1_score: x, team_2_score: y, teamA: extra.teamA ?? [], teamB: extra.teamB ?? [] };
  return request(url).post('/api/leagues/report-score').set(auth(p)).send(body);
}
export function leagueResolve(url: string, p: Player, leagueId: number, matchId: number, type: MatchType, x: number, y: number) {
  const body =
    type === '1v1' ? { match_id: matchId, league_id: leagueId, user_score: x, opponent_score: y } : { match_id: matchId, league_id: leagueId, team_a_score: x, team_b_score: y };
  return request(url).post('/api/resolve-league-dispute').set(auth(p)).send(body);
}
export const leagueDisputeDetails = (url: string, p: Player, matchId: number, leagueId: number) =>
  request(url).get(`/api/league-dispute-match-details/${matchId}`).query({ league_id: leagueId }).set(auth(p));
export const leagueLeaderboard = (url: string, p: Player, leagueId: number) => request(url).get(`/api/leagues/leaderboard/${leagueId}`).set(auth(p));
export const leagueHistory = (url: string, p: Player, leagueId: number) => request(url).get(`/api/leagues/match-history/${leagueId}`).query({ timezone: 'UTC' }).set(auth(p));
export const addMatchHistory = (url: string, p: Player, body: Record<string, unknown>) => request(url).post('/api/leagues/add-match-history').set(auth(p)).send(body);
export const contestMatch = (url: string, p: Player, matchId: number, leagueId: number) =>
  request(url).post('/api/leagues/contest-match').set(auth(p)).send({ match_id: matchId, league_id: leagueId });
