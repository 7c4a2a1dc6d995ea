import { LEAGUE_NAME_MAX_LENGTH } from '../constants/leagues';
import { MSG } from '../messages';
import { leagueNameProblem, leagueRights, mayChangeLeaguePermission, mayChangeLeagueSetting, normalizeLeagueName } from './leagues';

const league = { creator_id: 1, allow_members_invite: false, allow_member_matches: false };
const flags = (can_edit_settings = false, can_create_match_history = false, allow_invites = false) => ({ can_edit_settings, can_create_match_history, allow_invites });

describe('league rights (docs/leagues.md#permissions)', () => {
  it('a non-member, or a visitor, holds nothing', () => {
    expect(leagueRights({ ...league, allow_members_invite: true, allow_member_matches: true }, 2, null)).toEqual({ ...flags(), is_admin: false, can_create_match: false });
    expect(leagueRights(league, null, flags(true, true, true)).can_edit_settings).toBe(false);
  });

  it('the administrator holds everything, whatever their stored flags say', () => {
    expect(leagueRights(league, 1, flags())).toEqual({ ...flags(true, true, true), is_admin: true, can_create_match: true });
  });

  it('a member holds their own flags; the league-wide toggles add invites and match creation for all', () => {
    expect(leagueRights(league, 2, flags(true, false, false))).toEqual({ ...flags(true, false, false), is_admin: false, can_create_match: false });
    expect(leagueRights({ ...league, allow_members_invite: true }, 2, flags()).allow_invites).toBe(true);
    expect(leagueRights({ ...league, allow_member_matches: true }, 2, flags()).can_create_match).toBe(true);
    expect(leagueRights(league, 2, flags(false, true, false)).can_create_match).toBe(true);
  });

  it('an editor changes only the rights they hold; without can_edit_settings nothing', () => {
    const editor = leagueRights(league, 2, flags(true, false, true));
    expect(mayChangeLeaguePermission(editor, 'can_edit_settings')).toBe(true);
    expect(mayChangeLeaguePermission(editor, 'allow_invites')).toBe(true);
    expect(mayChangeLeaguePermission(editor, 'can_create_match_history')).toBe(false);
    expect(mayChangeLeaguePermission(leagueRights(league, 3, flags(false, true, true)), 'allow_invites')).toBe(false);
    expect(mayChangeLeaguePermission(leagueRights(league, 1, flags()), 'can_create_match_history')).toBe(true);
  });

  it('turning on a toggle that hands a right to all needs that right; turning off, or the other toggles, need only can_edit_settings', () => {
    const editor = leagueRights(league, 2, flags(true, false, false));
    expect(mayChangeLeagueSetting(editor, 'allow_members_invite', true)).toBe(false);
    expect(mayChangeLeagueSetting(editor, 'allow_member_matches', true)).toBe(false);
    expect(mayChangeLeagueSetting(editor, 'allow_members_invite', false)).toBe(true);
    expect(mayChangeLeagueSetting(editor, 'is_private', true)).toBe(true);
    expect(mayChangeLeagueSetting(editor, 'verified_players_only', true)).toBe(true);
    expect(mayChangeLeagueSetting(leagueRights(league, 2, flags(true, true, true)), 'allow_member_matches', true)).toBe(true);
    expect(mayChangeLeagueSetting(leagueRights(league, 3, flags(false, true, true)), 'is_private', false)).toBe(false);
  });
});

describe('league names (docs/leagues.md#creating-a-league)', () => {
  it('are required, at most the limit in characters, and compared once normalised', () => {
    for (const blank of [undefined, 42, '', '   ']) expect(leagueNameProblem(blank)).toBe(MSG.leagueNameRequired);
    expect(leagueNameProblem('é'.repeat(LEAGUE_NAME_MAX_LENGTH))).toBeNull();
    expect(leagueNameProblem('a'.repeat(LEAGUE_NAME_MAX_LENGTH + 1))).toBe(MSG.leagueNameTooLong);
    expect(normalizeLeagueName('  Tuesday \t  Run  ')).toBe('Tuesday Run');
    expect(normalizeLeagueName('ＴＵＥＳＤＡＹ')).toBe('TUESDAY');
  });
});
