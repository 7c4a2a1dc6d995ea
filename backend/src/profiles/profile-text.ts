import type { UserProfile } from '@gotnext/shared';
import type { JsonText } from '../common/http/json-text';

/**
 * A profile's JSON, split where its live region rank goes (docs/scaling.md#profile-reads): all of
 * it but the rank is the same for every viewer of one cached entry (save owner or not, and zone),
 * so it is serialised once and the rank, read per request, is written in between.
 */
export interface ProfileText {
  /** The region scope whose board ranks the player (read live when a fill has no rank yet). */
  scope: string;
  /** Whether this viewer sees the rank. */
  showsRank: boolean;
  /** The JSON up to where `,"region_ranking":…` goes (no closing brace). */
  open: string;
  /** The JSON after it, closing brace included. */
  close: string;
}

/**
 * Splits `profile` (every field but `region_ranking`, in the order the answer has them) around the
 * rank: `region_ranking` comes after the rating fields and before height and weight, as the profile
 * always set them, so `withRank` gives the very bytes `JSON.stringify` gave of the whole object.
 */
export function profileText(profile: Omit<UserProfile, 'region_ranking'>, scope: string, showsRank: boolean): ProfileText {
  const { height, weight, ...head } = profile;
  const tail: Pick<UserProfile, 'height' | 'weight'> = {};
  if ('height' in profile) tail.height = height;
  if ('weight' in profile) tail.weight = weight;
  const tailJson = JSON.stringify(tail);
  return { scope, showsRank, open: JSON.stringify(head).slice(0, -1), close: tailJson === '{}' ? '}' : `,${tailJson.slice(1)}` };
}

/** The profile's JSON with this rank (1-based, null when not on the board); left out when hidden or undefined, as JSON.stringify leaves it. */
export function withRank(text: ProfileText, rank: number | null | undefined): JsonText<UserProfile> {
  const rankJson = text.showsRank && rank !== undefined ? `,"region_ranking":${JSON.stringify(rank)}` : '';
  return `${text.open}${rankJson}${text.close}` as JsonText<UserProfile>;
}
