import { BadRequestException } from '@nestjs/common';
import {
  LEAGUE_PERMISSION_NAMES,
  LEAGUE_SETTING_NAMES,
  MSG,
  type LeaguePermissionName,
  type LeaguePermissions,
  type LeagueSettingName,
  type LeagueSettings,
} from '@gotnext/shared';

/** What a settings call asks to change; anything it leaves out stays as it is. */
export interface SettingsChange {
  settings: Partial<LeagueSettings>;
  /** Member id → the rights to store for them. */
  permissions: Map<number, Partial<LeaguePermissions>>;
}

/** More entries than any league has members is not a settings form. */
const MAX_PERMISSION_ENTRIES = 1000;
const MEMBER_ID = /^[1-9]\d{0,9}$/;

const bad = (message: string) => new BadRequestException({ message });

/** A toggle from a multipart field ('true'/'false') or a JSON body (a boolean). */
function toggle(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw bad(MSG.leagueSettingInvalid);
}

function permissionsMap(raw: unknown): Map<number, Partial<LeaguePermissions>> {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw bad(MSG.leaguePermissionsInvalid);
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad(MSG.leaguePermissionsInvalid);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_PERMISSION_ENTRIES) throw bad(MSG.leaguePermissionsInvalid);
  const map = new Map<number, Partial<LeaguePermissions>>();
  for (const [key, flags] of entries) {
    const id = MEMBER_ID.test(key) ? Number(key) : NaN;
    if (!(id <= 2_147_483_647) || !flags || typeof flags !== 'object' || Array.isArray(flags)) throw bad(MSG.leaguePermissionsInvalid);
    const patch: Partial<LeaguePermissions> = {};
    for (const [flag, value] of Object.entries(flags as Record<string, unknown>)) {
      if (!LEAGUE_PERMISSION_NAMES.includes(flag as LeaguePermissionName) || typeof value !== 'boolean') throw bad(MSG.leaguePermissionsInvalid);
      patch[flag as LeaguePermissionName] = value;
    }
    map.set(id, patch);
  }
  return map;
}

/**
 * Reads the settings form (docs/leagues.md#settings): the four toggles, `member_permissions` (JSON
 * text in a multipart form, an object in a JSON body); any other field is refused.
 */
export function settingsChangeFrom(fields: Record<string, unknown>): SettingsChange {
  const change: SettingsChange = { settings: {}, permissions: new Map() };
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'member_permissions') change.permissions = permissionsMap(value);
    else if (LEAGUE_SETTING_NAMES.includes(field as LeagueSettingName)) change.settings[field as LeagueSettingName] = toggle(value);
    else throw bad(MSG.unknownField(field));
  }
  return change;
}
