import {
  ageOn,
  normalizeUsername,
  usernameError,
  phoneDigits,
  signupPayloadFromForm,
  USERNAME_PATTERN,
  validateSignupForm,
  validateSignupPayload,
  type SignupForm,
} from './signup';
import { MSG } from '../messages';

const today = new Date(Date.UTC(2026, 10, 22));
const form = (over: Partial<SignupForm> = {}): SignupForm => ({
  firstName: 'Ann',
  lastName: 'Lee',
  phoneNumber: '+15551234567',
  email: 'ann@example.com',
  username: 'ann',
  password: 'secret1',
  confirmPassword: 'secret1',
  dateOfBirth: '2000-05-01',
  country: 'United States',
  state: 'CA',
  height: '',
  weight: '',
  bio: 'hi',
  acceptTerms: true,
  acceptPrivacy: true,
  ...over,
});

describe('signup rules (docs/accounts.md#signup-rules)', () => {
  it('accepts a complete form', () => {
    expect(validateSignupForm(form(), today)).toEqual({});
  });

  it('counts age in whole years, birthday included', () => {
    expect(ageOn('2010-11-22', today)).toBe(16);
    expect(ageOn('2010-11-23', today)).toBe(15);
    expect(ageOn('2010-02-30', today)).toBeNaN();
    expect(validateSignupForm(form({ dateOfBirth: '2010-11-23' }), today).dateOfBirth).toBe(MSG.tooYoung);
    expect(validateSignupForm(form({ dateOfBirth: '2010-11-22' }), today).dateOfBirth).toBeUndefined();
  });

  it('takes dates of birth from 1900-01-01 on, and reads early years as written', () => {
    expect(validateSignupForm(form({ dateOfBirth: '1900-01-01' }), today).dateOfBirth).toBeUndefined();
    expect(validateSignupForm(form({ dateOfBirth: '1899-12-31' }), today).dateOfBirth).toBe(MSG.dobTooEarly);
    expect(validateSignupForm(form({ dateOfBirth: '0099-06-01' }), today).dateOfBirth).toBe(MSG.dobTooEarly);
    expect(ageOn('0099-06-01', today)).toBe(1927);
  });

  it.each([
    ['casey', undefined],
    ['Casey_99.b-ball', undefined],
    ['\uFF43\uFF41\uFF53\uFF45\uFF59', undefined], // full-width letters normalise to 'casey'
    ['  casey  ', undefined],
    ['a'.repeat(30), undefined],
    ['a'.repeat(31), MSG.usernameTooLong],
    ['', MSG.usernameRequired],
    ['\u200b', MSG.usernameInvalid], // invisible only: not blank, not allowed
    ['ca\u200bsey', MSG.usernameInvalid],
    ['casey@home', MSG.usernameInvalid],
    ['\u0441asey', MSG.usernameInvalid], // Cyrillic 'с'
    ['cas ey', MSG.usernameInvalid],
    ['jos\u00e9', MSG.usernameInvalid],
  ])('username %j: %s', (username, message) => {
    expect(validateSignupForm(form({ username }), today).username).toBe(message);
  });

  it('stores and looks usernames up NFKC-normalised and trimmed', () => {
    expect(normalizeUsername(' \uFF43\uFF41\uFF53\uFF45\uFF59\u3000')).toBe('casey');
    expect(USERNAME_PATTERN.test(normalizeUsername('\uFF43\uFF41\uFF53\uFF45\uFF59'))).toBe(true);
  });

  it.each([
    ['+15551234567', true],
    ['15', true],
    ['5', false],
    ['+0123', false],
    ['0123', false],
    ['+1234567890123456', false],
    ['12a', false],
  ])('phone %s valid=%s', (phone, ok) => {
    expect(validateSignupForm(form({ phoneNumber: phone }), today).phoneNumber).toBe(ok ? undefined : MSG.phoneInvalid);
  });

  it('needs the confirmation, country, US state and both checkboxes', () => {
    const e = validateSignupForm(form({ confirmPassword: 'other', country: 'United States', state: '', acceptTerms: false, acceptPrivacy: false }), today);
    expect(e).toEqual({ confirmPassword: MSG.passwordsMismatch, state: MSG.stateRequired, acceptTerms: MSG.acceptTerms, acceptPrivacy: MSG.acceptPrivacy });
    expect(validateSignupForm(form({ country: '' }), today).country).toBe(MSG.countryRequired);
    expect(validateSignupForm(form({ confirmPassword: '' }), today).confirmPassword).toBe(MSG.confirmRequired);
  });

  it('sends the US code as state, or the country name, and null for empty height/weight', () => {
    expect(signupPayloadFromForm(form()).state).toBe('CA');
    expect(signupPayloadFromForm(form({ country: 'Canada', state: '' })).state).toBe('Canada');
    expect(signupPayloadFromForm(form()).height).toBeNull();
    expect(signupPayloadFromForm(form({ height: `6'1` })).height).toBe(`6'1`);
  });

  it('gives the server the same messages for a bare payload', () => {
    expect(validateSignupPayload({}, today)).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      phoneNumber: MSG.phoneRequired,
      email: MSG.emailRequired,
      username: MSG.usernameRequired,
      password: MSG.passwordRequired,
      dateOfBirth: MSG.dobRequired,
      bio: MSG.bioRequired,
      state: MSG.countryRequired,
    });
  });
});

describe('phone numbers as people type them (issue #14)', () => {
  it('keeps the digits and the leading +, so the server rule sees digits', () => {
    expect(phoneDigits('+1 (555) 765-4321')).toBe('+15557654321');
    expect(phoneDigits(' 555.765.4321 ')).toBe('5557654321');
    expect(phoneDigits('+1 555 abc')).toBe('+1555abc'); // letters stay, so the rule still refuses them
    expect(validateSignupForm(form({ phoneNumber: '+1 (555) 765-4321' }), today).phoneNumber).toBeUndefined();
    expect(signupPayloadFromForm(form({ phoneNumber: '+1 (555) 765-4321' })).phoneNumber).toBe('+15557654321');
  });
});

describe('reserved usernames', () => {
  it.each(['admin', 'ADMIN', 'Deleted_player', 'deleted.player', 'DeletedPlayer', '__proto__', 'constructor', 'GotNext', 'team_gotnext', 'ｓｕｐｐｏｒｔ'])(
    'refuses %s in plain words',
    (name) => expect(usernameError(name)).toBe(MSG.usernameReserved),
  );
  it.each(['admin7', 'proto', 'adminton', 'hooper_22', 'deleted_player_fan'])('accepts %s', (name) => expect(usernameError(name)).toBeUndefined());
});
