import { DEFAULT_PREFERENCES, type Preferences } from '../api/auth';
import type { UpdateUserFields } from '../api/account';
import { HEIGHT_FEET_MAX, HEIGHT_FEET_MIN } from '../constants/limits';
import { US, isKnownRegion } from '../constants/geo';
import { MSG } from '../messages';
import { dateOfBirthError } from './signup';

export const HEIGHT_INCHES_MAX = 11;
/** Stored as feet'inches (docs/accounts.md#account-editing), e.g. 6'0; a trailing inch mark is accepted on input. */
const HEIGHT_PATTERN = /^(\d{1,2})'(\d{1,2})"?$/;

export function formatHeight(feet: number, inches: number): string {
  return `${feet}'${inches}`;
}

/** A stored height as every screen shows it, 6'1" (docs/accounts.md#account-editing); anything else as stored. */
export function heightShown(height: string | null | undefined): string | null {
  const parsed = parseHeight(height);
  return parsed ? `${parsed.feet}'${parsed.inches}"` : (height ?? null);
}

/** Feet and inches of a stored height, or null when it is empty or not in the picker's range. */
export function parseHeight(height: string | null | undefined): { feet: number; inches: number } | null {
  const m = HEIGHT_PATTERN.exec((height ?? '').trim());
  if (!m) return null;
  const feet = Number(m[1]);
  const inches = Number(m[2]);
  if (feet < HEIGHT_FEET_MIN || feet > HEIGHT_FEET_MAX || inches > HEIGHT_INCHES_MAX) return null;
  return { feet, inches };
}

export const ACCOUNT_FIELD_LIMITS = { name: 100, bio: 1000, weight: 20 } as const;
const UPDATE_FIELDS: readonly (keyof UpdateUserFields)[] = ['first_name', 'last_name', 'state', 'date_of_birth', 'bio', 'height', 'weight', 'preferences'];

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** Preferences are a closed set: the keys of DEFAULT_PREFERENCES, own keys only (never `constructor`, `toString`, …). */
export function isPreferenceKey(key: string): key is keyof Preferences {
  return Object.prototype.hasOwnProperty.call(DEFAULT_PREFERENCES, key);
}

/** Why a preferences patch is refused (an unknown key is named), or null: an object of known keys with boolean values. */
export function preferencesProblem(v: unknown): string | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return MSG.preferencesInvalid;
  for (const [key, value] of Object.entries(v)) {
    if (!isPreferenceKey(key)) return MSG.unknownPreference(key);
    if (typeof value !== 'boolean') return MSG.preferencesInvalid;
  }
  return null;
}

/** Every preference key known, every value a boolean. */
export function isPreferencesPatch(v: unknown): v is Partial<Preferences> {
  return preferencesProblem(v) === null;
}

/**
 * A player's preferences as stored, read back through the closed set: defaults for what is
 * missing, and anything else a row may hold (keys stored before the set was closed) ignored.
 */
export function preferencesFrom(stored: unknown): Preferences {
  const prefs = { ...DEFAULT_PREFERENCES };
  if (stored && typeof stored === 'object') {
    for (const [key, value] of Object.entries(stored)) if (isPreferenceKey(key) && typeof value === 'boolean') prefs[key] = value;
  }
  return prefs;
}

/**
 * The first problem with an account update, or null. Both the edit form and PUT /api/update-user
 * run it, so the message is the same wherever it is caught. Fields left out are not checked.
 */
export function validateAccountUpdate(u: Record<string, unknown>, today: Date = new Date()): string | null {
  for (const key of Object.keys(u)) if (!UPDATE_FIELDS.includes(key as keyof UpdateUserFields)) return MSG.unknownField(key);
  if ('first_name' in u && blank(u.first_name)) return MSG.firstNameRequired;
  if ('last_name' in u && blank(u.last_name)) return MSG.lastNameRequired;
  for (const key of ['first_name', 'last_name'] as const) {
    if (key in u && String(u[key]).length > ACCOUNT_FIELD_LIMITS.name) return MSG.nameTooLong;
  }
  if ('state' in u && (blank(u.state) || !(isKnownRegion(String(u.state)) || u.state === US))) return MSG.countryRequired;
  if ('date_of_birth' in u) {
    const dob = dateOfBirthError(u.date_of_birth, today);
    if (dob) return dob;
  }
  if ('bio' in u) {
    if (blank(u.bio)) return MSG.bioRequired;
    if (String(u.bio).length > ACCOUNT_FIELD_LIMITS.bio) return MSG.bioTooLong;
  }
  if ('height' in u && u.height !== null && u.height !== '') {
    if (typeof u.height !== 'string' || !parseHeight(u.height)) return MSG.heightInvalid;
  }
  if ('weight' in u && u.weight !== null) {
    if (typeof u.weight !== 'string' || u.weight.length > ACCOUNT_FIELD_LIMITS.weight) return MSG.weightInvalid;
  }
  if ('preferences' in u) return preferencesProblem(u.preferences);
  return null;
}

/** docs/product.md#account: these edits need a new ID check (docs/accounts.md#re-verification: they clear id_verified). */
export const REVERIFY_FIELDS: readonly (keyof UpdateUserFields)[] = ['first_name', 'last_name', 'state', 'date_of_birth'];

/** What the censor preference shows instead of email, phone and date of birth. */
export const CENSORED = '******';
