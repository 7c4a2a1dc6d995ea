import { LEAGUE_NAME_MAX_LENGTH } from '../constants/leagues';
import { MSG } from '../messages';
import type { LeaguePermissionName, LeaguePermissions, LeagueRights, LeagueSettingName, LeagueSettings } from '../api/leagues';
import { displayNameCharactersProblem } from './display-names';

export const NO_LEAGUE_PERMISSIONS: LeaguePermissions = { can_edit_settings: false, can_create_match_history: false, allow_invites: false };
export const ALL_LEAGUE_PERMISSIONS: LeaguePermissions = { can_edit_settings: true, can_create_match_history: true, allow_invites: true };
const NO_RIGHTS: LeagueRights = { ...NO_LEAGUE_PERMISSIONS, is_admin: false, can_create_match: false };

/**
 * What `userId` may do in a league (docs/leagues.md#permissions): nothing unless a member; the
 * administrator (`creator_id`) everything; a member their own flags, plus invites for everyone
 * while `allow_members_invite` is on and match creation while `allow_member_matches` is on. The
 * server reads the inputs from the database on every request; the page asks the same to show
 * the controls.
 */
export function leagueRights(
  league: Pick<LeagueSettings, 'allow_members_invite' | 'allow_member_matches'> & { creator_id: number },
  userId: number | null,
  member: LeaguePermissions | null,
): LeagueRights {
  if (userId === null || !member) return NO_RIGHTS;
  const admin = league.creator_id === userId;
  return {
    is_admin: admin,
    can_edit_settings: admin || member.can_edit_settings,
    can_create_match_history: admin || member.can_create_match_history,
    allow_invites: admin || member.allow_invites || league.allow_members_invite,
    can_create_match: admin || member.can_create_match_history || league.allow_member_matches,
  };
}

/**
 * Whether someone with `rights` may grant or revoke a member flag (docs/leagues.md#settings): the
 * administrator any; an editor only a right they hold themselves, so nobody hands out what they
 * lack.
 */
export function mayChangeLeaguePermission(rights: LeagueRights, flag: LeaguePermissionName): boolean {
  return rights.can_edit_settings && rights[flag];
}

/**
 * The league-wide toggles that hand a right to every member, and the right an editor must hold to
 * turn one on. Turning one off, and the other toggles, need only can_edit_settings.
 */
const GRANTS: Partial<Record<LeagueSettingName, LeaguePermissionName>> = {
  allow_members_invite: 'allow_invites',
  allow_member_matches: 'can_create_match_history',
};

export function mayChangeLeagueSetting(rights: LeagueRights, setting: LeagueSettingName, to: boolean): boolean {
  if (!rights.can_edit_settings) return false;
  const granted = GRANTS[setting];
  return !to || !granted || rights[granted];
}

/** A league name as stored and compared: NFKC, trimmed, inner runs of spaces as one. */
export function normalizeLeagueName(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/\s+/g, ' ');
}

/** What is wrong with a league name, or null (docs/leagues.md#creating-a-league): the create overlay and the server ask the same. */
export function leagueNameProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || normalizeLeagueName(raw) === '') return MSG.leagueNameRequired;
  if (Array.from(normalizeLeagueName(raw)).length > LEAGUE_NAME_MAX_LENGTH) return MSG.leagueNameTooLong;
  return displayNameCharactersProblem(normalizeLeagueName(raw), 'League name');
}
