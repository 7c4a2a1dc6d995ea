import { BadRequestException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { accountPatchFrom } from './account-form';

describe('accountPatchFrom (update-user form → patch)', () => {
  it('trims text, reads preferences from JSON text, and turns empty height/weight into none', () => {
    expect(accountPatchFrom({ first_name: '  Ana ', bio: ' Hi ', height: '', weight: ' ', preferences: '{"displayWeight":true}' })).toEqual({
      first_name: 'Ana',
      bio: 'Hi',
      height: null,
      weight: null,
      preferences: { displayWeight: true },
    });
    expect(accountPatchFrom({ height: `6'1"` })).toEqual({ height: `6'1` });
    expect(accountPatchFrom({})).toEqual({});
  });

  it('refuses with the shared rule messages', () => {
    const fails = (raw: Record<string, unknown>) => {
      try {
        accountPatchFrom(raw);
      } catch (e) {
        return e instanceof BadRequestException ? (e.getResponse() as { message: string }).message : String(e);
      }
      return null;
    };
    expect(fails({ preferences: '{' })).toBe(MSG.preferencesInvalid);
    expect(fails({ last_name: '' })).toBe(MSG.lastNameRequired);
    expect(fails({ id_verified: 'true' })).toBe(MSG.unknownField('id_verified'));
  });
});
