import { MSG } from '../messages';
import { formatHeight, parseHeight, validateAccountUpdate } from './account';

const today = new Date('2026-06-01T00:00:00Z');

describe('account update rules', () => {
  it('accepts a full, valid edit form', () => {
    expect(
      validateAccountUpdate(
        { first_name: 'A', last_name: 'B', state: 'NY', date_of_birth: '2000-01-01', bio: 'x', height: `6'0`, weight: '', preferences: { allowMessages: false } },
        today,
      ),
    ).toBeNull();
    expect(validateAccountUpdate({ state: 'Canada', height: null, weight: null }, today)).toBeNull();
  });
  it('gives the spec messages', () => {
    expect(validateAccountUpdate({ last_name: '' }, today)).toBe(MSG.lastNameRequired);
    expect(validateAccountUpdate({ date_of_birth: '2015-01-01' }, today)).toBe(MSG.tooYoung);
    expect(validateAccountUpdate({ date_of_birth: '1899-12-31' }, today)).toBe(MSG.dobTooEarly);
    expect(validateAccountUpdate({ date_of_birth: '1900-01-01' }, today)).toBeNull();
    expect(validateAccountUpdate({ bio: ' ' }, today)).toBe(MSG.bioRequired);
    expect(validateAccountUpdate({ height: `12'0` }, today)).toBe(MSG.heightInvalid);
    expect(validateAccountUpdate({ preferences: [] }, today)).toBe(MSG.preferencesInvalid);
    expect(validateAccountUpdate({ verified: true }, today)).toBe(MSG.unknownField('verified'));
  });
  it("formats and parses heights as feet'inches within the picker range", () => {
    expect(formatHeight(6, 0)).toBe(`6'0`);
    expect(parseHeight(`5'11"`)).toEqual({ feet: 5, inches: 11 });
    expect(parseHeight(`3'5`)).toBeNull();
    expect(parseHeight(null)).toBeNull();
  });
});
