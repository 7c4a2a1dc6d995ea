/**
 * What players see: the internal rating mapped to a 2.000 … 8.000 scale (1500 → "4.000",
 * 250 internal points per shown point). Only the shown value is clamped; the internal rating
 * keeps moving so a player far outside the band still has an exact history.
 */
import { DISPLAY_CENTER, DISPLAY_MAX, DISPLAY_MIN, DISPLAY_SCALE, INITIAL_RATING, PROVISIONAL_GAMES } from './constants';

/** Shown rating in thousandths (2000 … 8000), an integer so formatting needs no float rounding. */
export function displayThousandths(rating: number): number {
  if (typeof rating !== 'number' || Number.isNaN(rating)) throw new RangeError(`displayRating: rating must be a number (got ${String(rating)})`);
  // Math.round rounds halves up (toward +∞): 1500.125 → 4.001 but 1499.875 → 4.000.
  const shown = DISPLAY_CENTER + Math.round(DISPLAY_SCALE * (rating - INITIAL_RATING));
  return Math.min(DISPLAY_MAX, Math.max(DISPLAY_MIN, shown));
}

/** Shown rating as a number, e.g. 4.193. */
export function displayRatingValue(rating: number): number {
  return displayThousandths(rating) / 1000;
}

/** Shown rating as text with exactly three decimals, e.g. "4.000". */
export function displayRating(rating: number): string {
  const thousandths = displayThousandths(rating);
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
}

/** A rating is provisional until the player has PROVISIONAL_GAMES ranked matches in the pool. */
export function isProvisional(games: number): boolean {
  return games < PROVISIONAL_GAMES;
}
