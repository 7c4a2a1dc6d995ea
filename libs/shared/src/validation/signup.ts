import { MIN_DATE_OF_BIRTH, MIN_PASSWORD_LENGTH, MIN_SIGNUP_AGE, USERNAME_MAX_LENGTH } from '../constants/limits';
import { COUNTRIES, US, US_STATE_CODES, isKnownRegion } from '../constants/geo';
import { MSG } from '../messages';
import type { SignupPayload } from '../api/auth';

/** Optional '+', then 2 to 15 digits, the first not 0 (docs/accounts.md#signup-rules). */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
/** Something that looks like name@domain.tld. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Dates of birth travel as YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a username may hold once normalised (docs/accounts.md#usernames): ASCII letters, digits,
 * '.', '-' and '_'. No '@' (it would read as an e-mail at login), nothing invisible, no letters of
 * other scripts that look like Latin ones.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/**
 * Names nobody may sign up with (docs/accounts.md#usernames): ones that read as the service or its
 * staff, the name a deleted account shows as, and JavaScript's own object keys. Compared without
 * case and without '.', '-', '_' ("Deleted_player" = "deleted.player" = "deletedplayer").
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'superuser',
  'moderator',
  'mod',
  'ops',
  'staff',
  'support',
  'help',
  'security',
  'official',
  'gotnext',
  'team gotnext',
  'deleted player',
  'deleted user',
  'deleted',
  'anonymous',
  'unknown',
  'null',
  'undefined',
  'api',
  'www',
  'postmaster',
  'noreply',
  'no reply',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
];
const reservedKey = (name: string) => name.toLowerCase().replace(/[\s._-]+/g, '');
/** Keys kept with their underscores: '__proto__' must not also reserve 'proto'. */
const RESERVED_EXACT = new Set(['__proto__']);
const RESERVED = new Set(RESERVED_USERNAMES.filter((n) => !RESERVED_EXACT.has(n)).map(reservedKey));

export function isReservedUsername(username: string): boolean {
  const name = normalizeUsername(username);
  return RESERVED_EXACT.has(name.toLowerCase()) || RESERVED.has(reservedKey(name));
}

/** The form a username is checked, stored and looked up in: NFKC (full-width and styled letters become plain ones), trimmed. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Whole years between a YYYY-MM-DD birth date and `today`; NaN for a malformed date. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  if (!DATE_PATTERN.test(dateOfBirth)) return NaN;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const birth = new Date(Date.UTC(2000, m - 1, d));
  birth.setUTCFullYear(y); // Date.UTC reads years 0-99 as 1900-1999
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return NaN;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** The first problem with a username, or undefined (docs/accounts.md#usernames). */
export function usernameError(username: unknown): string | undefined {
  if (typeof username !== 'string' || normalizeUsername(username) === '') return MSG.usernameRequired;
  const name = normalizeUsername(username);
  if (!USERNAME_PATTERN.test(name)) return MSG.usernameInvalid;
  if (name.length > USERNAME_MAX_LENGTH) return MSG.usernameTooLong;
  if (isReservedUsername(name)) return MSG.usernameReserved;
  return undefined;
}

/** The first problem with a date of birth (signup and account editing), or undefined. */
export function dateOfBirthError(dateOfBirth: unknown, today: Date = new Date()): string | undefined {
  if (blank(dateOfBirth)) return MSG.dobRequired;
  const dob = String(dateOfBirth).trim();
  const age = ageOn(dob, today);
  if (Number.isNaN(age)) return MSG.dobRequired;
  if (dob < MIN_DATE_OF_BIRTH) return MSG.dobTooEarly;
  if (age < MIN_SIGNUP_AGE) return MSG.tooYoung;
  return undefined;
}

/** The rules both the form and the server apply to what the client sends (docs/accounts.md#signup-rules). */
export function validateSignupPayload(p: Partial<SignupPayload>, today: Date = new Date()): FieldErrors<keyof SignupPayload> {
  const e: FieldErrors<keyof SignupPayload> = {};
  if (blank(p.firstName)) e.firstName = MSG.firstNameRequired;
  if (blank(p.lastName)) e.lastName = MSG.lastNameRequired;
  if (blank(p.phoneNumber)) e.phoneNumber = MSG.phoneRequired;
  else if (!PHONE_PATTERN.test(p.phoneNumber!.trim())) e.phoneNumber = MSG.phoneInvalid;
  if (blank(p.email)) e.email = MSG.emailRequired;
  else if (!EMAIL_PATTERN.test(p.email!.trim())) e.email = MSG.emailInvalid;
  const username = usernameError(p.username);
  if (username) e.username = username;
  if (typeof p.password !== 'string' || p.password === '') e.password = MSG.passwordRequired;
  else if (p.password.length < MIN_PASSWORD_LENGTH) e.password = MSG.passwordTooShort;
  const dob = dateOfBirthError(p.dateOfBirth, today);
  if (dob) e.dateOfBirth = dob;
  if (blank(p.bio)) e.bio = MSG.bioRequired;
  if (blank(p.state)) e.state = MSG.countryRequired;
  else if (!isKnownRegion(p.state!) && p.state !== US) e.state = MSG.countryRequired;
  return e;
}

/** What the signup form holds beyond the payload. */
export interface SignupForm extends Omit<SignupPayload, 'state' | 'height' | 'weight'> {
  confirmPassword: string;
  country: string;
  state: string;
  height: string;
  weight: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}
export type SignupFormField = keyof SignupForm;

/** The payload a form sends: state holds the US code ('United States' if none) or the country name. */
/**
 * A phone number as people type it ('+1 (555) 123-4567', '555.123.4567'): the form drops spaces,
 * dashes, dots and parentheses and sends the digits (with a leading '+'); the server's rule
 * (PHONE_PATTERN) is unchanged (docs/accounts.md#signup-rules).
 */
export function phoneDigits(typed: string): string {
  return typed.trim().replace(/[\s\-().]/g, '');
}

export function signupPayloadFromForm(f: SignupForm): SignupPayload {
  return {
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    phoneNumber: phoneDigits(f.phoneNumber),
    email: f.email.trim(),
    username: f.username.trim(),
    password: f.password,
    dateOfBirth: f.dateOfBirth,
    height: f.height.trim() === '' ? null : f.height.trim(),
    weight: f.weight.trim() === '' ? null : f.weight.trim(),
    bio: f.bio,
    state: f.country === US ? f.state || US : f.country,
  };
}

/** Every form rule of docs/accounts.md#signup-rules, in the form's own field names. */
export function validateSignupForm(f: SignupForm, today: Date = new Date()): FieldErrors<SignupFormField> {
  const { state: _state, ...payloadErrors } = validateSignupPayload(signupPayloadFromForm(f), today);
  const e: FieldErrors<SignupFormField> = { ...payloadErrors };
  if (f.confirmPassword === '') e.confirmPassword = MSG.confirmRequired;
  else if (f.confirmPassword !== f.password) e.confirmPassword = MSG.passwordsMismatch;
  if (blank(f.country) || !COUNTRIES.includes(f.country)) e.country = MSG.countryRequired;
  else if (f.country === US && (blank(f.state) || !(US_STATE_CODES.includes(f.state) || f.state === 'N/A' || f.state === 'International'))) {
    e.state = MSG.stateRequired;
  }
  if (!f.acceptTerms) e.acceptTerms = MSG.acceptTerms;
  if (!f.acceptPrivacy) e.acceptPrivacy = MSG.acceptPrivacy;
  return e;
}
