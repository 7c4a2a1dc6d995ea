import { ALL_LEAGUE_PERMISSIONS, type League, type LeaguePermissions } from '@gotnext/shared';
import type { Standing } from './league-access';
import type { LeagueRow, MemberRow } from './leagues.repository';

const storedPermissions = (m: MemberRow): LeaguePermissions => ({
  can_edit_settings: m.can_edit_settings,
  can_create_match_history: m.can_create_match_history,
  allow_invites: m.allow_invites,
});

/** A member's rights as the page lists them: the administrator's are all true (docs/leagues.md#permissions). */
export const listedPermissions = (league: Pick<LeagueRow, 'creator_id'>, m: MemberRow): LeaguePermissions =>
  m.user_id === league.creator_id ? { ...ALL_LEAGUE_PERMISSIONS } : storedPermissions(m);

/** What the join and leave answers name: the member and their rights. */
export const toMemberView = (league: Pick<LeagueRow, 'creator_id'>, m: MemberRow) => ({
  user_id: m.user_id,
  username: m.username,
  profile_picture: m.profile_picture,
  profile_picture_version: m.profile_picture_version,
  league_permissions: listedPermissions(league, m),
});

/**
 * The League (docs/leagues.md#privacy) as `viewer` may see it. An invitee of a private league sees its name
 * and settings only: no image, no members (docs/leagues.md#privacy).
 */
export function toLeagueView(viewer: Standing, members: MemberRow[], pendingInvites: number[]): League {
  const { league } = viewer;
  const details = !league.is_private || viewer.member !== null;
  const shown = details ? members : [];
  return {
    league_id: league.id,
    name: league.name,
    league_image: details ? league.image : null,
    league_image_version: details ? league.image_version : 0,
    is_private: league.is_private,
    allow_member_matches: league.allow_member_matches,
    verified_players_only: league.verified_players_only,
    allow_members_invite: league.allow_members_invite,
    creator_id: league.creator_id,
    member_count: shown.length,
    members: shown.map((m) => ({ user_id: m.user_id, username: m.username, league_permissions: listedPermissions(league, m) })),
    member_details: shown.map(({ user_id, username, profile_picture, profile_picture_version }) => ({ user_id, username, profile_picture, profile_picture_version })),
    member_permissions: Object.fromEntries(shown.map((m) => [String(m.user_id), listedPermissions(league, m)])),
    viewer: {
      is_member: viewer.member !== null,
      rights: viewer.rights,
      invite: viewer.invite,
      can_view_details: details,
      pending_invites: viewer.rights.allow_invites ? pendingInvites : [],
    },
  };
}
