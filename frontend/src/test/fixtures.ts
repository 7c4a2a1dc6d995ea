import {
  ALL_LEAGUE_PERMISSIONS,
  NO_LEAGUE_PERMISSIONS,
  leagueRights,
  type LeagueDetails,
  type LeagueHistoryItem,
  type LeaguePermissions,
  type LeagueSettings,
  type MatchDetails,
  type MatchPlayer,
  type MatchType,
  type NotificationItem,
} from '@gotnext/shared';

export const player = (user_id: number, username = `player${user_id}`): MatchPlayer => ({ user_id, username, profile_picture: null, profile_picture_version: 0 });

/** A match as GET match-details answers it; teams fill both spellings. */
export function matchDetails(over: Partial<MatchDetails> & { match_type: MatchType; teamA?: MatchPlayer[]; teamB?: MatchPlayer[] }): MatchDetails {
  const teamA = over.teamA ?? [];
  const teamB = over.teamB ?? [];
  return {
    match_id: 5,
    match_code: 'ABC234',
    matchType: over.match_type,
    scoring_type: '1s & 2s to 11',
    ranked: false,
    creator_id: 1,
    status: 'waiting',
    players_needed: 0,
    opponent: null,
    team_a: teamA,
    team_b: teamB,
    my_team: 'A',
    reported: { A: false, B: false },
    my_report: null,
    team_a_score: null,
    team_b_score: null,
    league_id: null,
    result: null,
    target_score: 11,
    ...over,
    teamA,
    teamB,
  };
}

let nextId = 100;
export function notification(over: Partial<NotificationItem> & { type: string; message: string }): NotificationItem {
  nextId += 1;
  return { id: nextId, read: false, timestamp: '2026-03-01T18:30:00.000Z', ...over };
}

/** A league as GET /api/leagues/{id} answers it, seen by `viewer` (null: a visitor); members are [id, flags] with the administrator first. */
export function leagueFixture(opts: {
  viewer: number | null;
  members?: [number, Partial<LeaguePermissions>?][];
  settings?: Partial<LeagueSettings>;
  invite?: string;
  history?: LeagueHistoryItem[];
}): LeagueDetails {
  const members = opts.members ?? [[1]];
  const creator = members[0][0];
  const settings: LeagueSettings = { is_private: false, allow_member_matches: true, verified_players_only: false, allow_members_invite: true, ...opts.settings };
  const stored = (id: number, flags: Partial<LeaguePermissions> = {}): LeaguePermissions => (id === creator ? ALL_LEAGUE_PERMISSIONS : { ...NO_LEAGUE_PERMISSIONS, ...flags });
  const mine = members.find(([id]) => id === opts.viewer);
  const details = !settings.is_private || !!mine;
  const shown = details ? members : [];
  return {
    league_id: 7,
    name: 'Tuesday Run',
    league_image: null,
    league_image_version: 0,
    ...settings,
    creator_id: creator,
    member_count: shown.length,
    members: shown.map(([id, flags]) => ({ user_id: id, username: `player${id}`, league_permissions: stored(id, flags) })),
    member_details: shown.map(([id]) => player(id)),
    member_permissions: Object.fromEntries(shown.map(([id, flags]) => [String(id), stored(id, flags)])),
    viewer: {
      is_member: !!mine,
      rights: leagueRights({ ...settings, creator_id: creator }, opts.viewer, mine ? stored(mine[0], mine[1]) : null),
      invite: opts.invite ? { inviter_username: opts.invite } : null,
      can_view_details: details,
      pending_invites: [],
    },
    match_history: details ? (opts.history ?? []) : [],
  };
}

/** A completed 1v1 of a league's history, as the server shapes it for a viewer who did not play. */
export function leagueHistoryItem(match_id: number, a: MatchPlayer, b: MatchPlayer, scoreA: number, scoreB: number): LeagueHistoryItem {
  const winner = scoreA > scoreB ? a : b;
  return {
    match_id,
    status: 'completed',
    matchType: '1v1',
    match_type: '1v1',
    scoring_type: '1s & 2s to 11',
    completed_at: '2026-03-01T18:30:00.000Z',
    date_time_local: 'Mar 1, 2026, 12:30 PM',
    final_scores: { user_score: scoreA, opponent_score: scoreB },
    team_a_score: scoreA,
    team_b_score: scoreB,
    teamA: [a],
    team_a: [a],
    teamB: [b],
    team_b: [b],
    reports: [],
    winners_usernames: [winner.username],
    winner: winner.username,
    outcome: null,
    backfilled: false,
    can_contest: false,
    contest_until: null,
  };
}
