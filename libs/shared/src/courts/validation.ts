import type { AddCourtRequest } from './api';
import { COURT_GAME_SIZES, COURT_LIMITS } from './constants';
import { isLatLng } from './distance';
import { COURT_MSG } from './messages';
import { displayNameCharactersProblem } from '../rules/display-names';

/** Spaces collapsed, ends trimmed: how a court's name is stored. */
export function normalizeCourtName(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The duplicate check's key: the name without case, punctuation or spacing ("Rucker  Park." = "rucker park"). */
export function courtNameKey(name: string): string {
  return normalizeCourtName(name)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The first problem of an Add Court form, in the words both the form and the server show; null when it is fine. */
export function addCourtProblem(input: Partial<Record<keyof AddCourtRequest, unknown>>): string | null {
  const name = typeof input.name === 'string' ? normalizeCourtName(input.name) : '';
  if (!name || !courtNameKey(name)) return COURT_MSG.nameRequired;
  if (name.length > COURT_LIMITS.nameMax) return COURT_MSG.nameTooLong;
  const shown = displayNameCharactersProblem(name, 'Court name');
  if (shown) return shown;
  if (input.address !== undefined && (typeof input.address !== 'string' || input.address.length > COURT_LIMITS.addressMax)) return COURT_MSG.addressTooLong;
  if (!isLatLng(input.lat, input.lng)) return COURT_MSG.locationInvalid;
  if (typeof input.indoor !== 'boolean') return COURT_MSG.indoorInvalid;
  if (!Number.isInteger(input.hoops) || (input.hoops as number) < 1 || (input.hoops as number) > COURT_LIMITS.hoopsMax) return COURT_MSG.hoopsInvalid;
  if (!COURT_GAME_SIZES.includes(input.game_size as never)) return COURT_MSG.gameSizeInvalid;
  if (input.notes !== undefined && (typeof input.notes !== 'string' || input.notes.length > COURT_LIMITS.notesMax)) return COURT_MSG.notesTooLong;
  return null;
}
