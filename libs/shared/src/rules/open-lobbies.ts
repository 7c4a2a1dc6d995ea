import { DISPLAY_MAX, DISPLAY_MIN } from '../rating/constants';
import { OPEN_LOBBIES_MESSAGES as M } from '../messages/open-lobbies';

/**
 * A shown rating ("3.750" or 3.75) as thousandths (3750), the unit ranges are stored and compared
 * in; null when it is not a shown rating (2.000 … 8.000, at most three decimals). The comparison is
 * with the rating as players see it (docs/rating.md#display), never the internal one.
 */
export function ratingThousandths(value: unknown): number | null {
  let thousandths: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    thousandths = Math.round(value * 1000);
    if (Math.abs(value * 1000 - thousandths) > 1e-6) return null;
  } else if (typeof value === 'string' && /^\s*\d(\.\d{0,3})?\s*$/.test(value)) {
    const [whole, part = ''] = value.trim().split('.');
    thousandths = Number(whole) * 1000 + Number(part.padEnd(3, '0'));
  } else return null;
  return thousandths >= DISPLAY_MIN && thousandths <= DISPLAY_MAX ? thousandths : null;
}

/** Thousandths as the three-decimal text players read (3750 → "3.750"). */
export function formatThousandths(t: number): string {
  return `${Math.floor(t / 1000)}.${String(t % 1000).padStart(3, '0')}`;
}

export type OpenRange = { min: number; max: number };

/**
 * Checks a range as the form and the server both do: both ends or neither (neither: not open).
 * Answers the range in thousandths, null for "not open", or the problem in plain words.
 */
export function parseOpenRange(min: unknown, max: unknown): { range: OpenRange | null } | { problem: string } {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(min) && empty(max)) return { range: null };
  if (empty(min) || empty(max)) return { problem: M.openRangeBoth };
  const lo = ratingThousandths(min);
  const hi = ratingThousandths(max);
  if (lo === null || hi === null) return { problem: M.openRangeInvalid };
  if (lo > hi) return { problem: M.openRangeOrder };
  return { range: { min: lo, max: hi } };
}

export function inOpenRange(shownThousandths: number, range: OpenRange): boolean {
  return shownThousandths >= range.min && shownThousandths <= range.max;
}
