import { MSG } from '@gotnext/shared';
import { settingsChangeFrom } from './league-settings-form';

describe('the league settings form (docs/leagues.md#settings)', () => {
  it('reads multipart toggles and the permissions JSON; a JSON body works too', () => {
    const change = settingsChangeFrom({ is_private: 'true', allow_members_invite: 'false', member_permissions: '{"12":{"allow_invites":true},"13":{}}' });
    expect(change.settings).toEqual({ is_private: true, allow_members_invite: false });
    expect([...change.permissions]).toEqual([
      [12, { allow_invites: true }],
      [13, {}],
    ]);
    expect(settingsChangeFrom({ verified_players_only: true, member_permissions: { 5: { can_edit_settings: false } } })).toEqual({
      settings: { verified_players_only: true },
      permissions: new Map([[5, { can_edit_settings: false }]]),
    });
    expect(settingsChangeFrom({})).toEqual({ settings: {}, permissions: new Map() });
  });

  it('refuses anything else with a readable 400', () => {
    const problem = (fields: Record<string, unknown>) => {
      try {
        settingsChangeFrom(fields);
        return null;
      } catch (err) {
        return (err as { response: { message: string } }).response.message;
      }
    };
    expect(problem({ is_private: 'yes' })).toBe(MSG.leagueSettingInvalid);
    expect(problem({ creator_id: '3' })).toBe(MSG.unknownField('creator_id'));
    for (const bad of ['{', '[]', '"x"', '{"abc":{}}', '{"0":{}}', '{"99999999999":{}}', '{"4":{"is_admin":true}}', '{"4":{"allow_invites":"true"}}', '{"4":[]}']) {
      expect(`${bad}: ${problem({ member_permissions: bad })}`).toBe(`${bad}: ${MSG.leaguePermissionsInvalid}`);
    }
  });
});
