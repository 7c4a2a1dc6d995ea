/**
 * Why a rating moved, in short words (docs/rating.md#rating-history): the same factors the engine
 * used, read back from the stored rating events (each side's ratings before the match, the
 * scores, the target, the player's games before it). Display only: nothing here feeds a rating.
 */
import { PROVISIONAL_GAMES } from './constants';
import { displayRating } from './display';
import { experienceMultiplier, marginMultiplier, targetFactor, teamSizeWeight } from './formula';

export interface RatingWhyInput {
  /** Mean internal rating before the match of the player's side and of the other side. */
  ownMean: number;
  otherMean: number;
  ownScore: number;
  otherScore: number;
  /** Target of the scoring type ('… to 21' → 21). */
  target: number;
  teamSize: number;
  gamesBefore: number;
}

/** Gaps under this many internal points (0.020 shown) read as an even match. */
const EVEN_GAP = 5;

export function explainRatingChange(i: RatingWhyInput): string[] {
  const why: string[] = [];
  const side = i.teamSize === 1 ? 'opponent' : 'opponents';
  const gap = i.otherMean - i.ownMean;
  const strength = Math.abs(gap) < EVEN_GAP ? `Even ${side}` : gap > 0 ? `Stronger ${side}` : `Weaker ${side}`;
  why.push(`${strength} (${displayRating(i.otherMean)} vs ${displayRating(i.ownMean)})`);
  if (i.ownScore === i.otherScore) {
    why.push('Draw: only the rating gap counts');
  } else {
    const [w, l] = i.ownScore > i.otherScore ? [i.ownScore, i.otherScore] : [i.otherScore, i.ownScore];
    const m = marginMultiplier(w, l, i.target);
    const size = m < 1 ? 'Narrow' : m < 1.5 ? 'Clear' : 'Wide';
    why.push(`${size} margin ${i.ownScore}–${i.otherScore} (×${m.toFixed(2)})`);
  }
  const sizeWeight = teamSizeWeight(i.teamSize);
  const typeText = i.teamSize === 1 ? '1v1 counts in full' : `${i.teamSize}v${i.teamSize}: each player carries ×${sizeWeight.toFixed(2)}`;
  const short = targetFactor(i.target) < 1 ? `, game to ${i.target} counts ×${targetFactor(i.target)}` : '';
  why.push(`${typeText}${short}`);
  if (i.gamesBefore < PROVISIONAL_GAMES) {
    why.push(`Provisional speed-up ×${experienceMultiplier(i.gamesBefore).toFixed(1)} (ranked game ${i.gamesBefore + 1} of ${PROVISIONAL_GAMES})`);
  }
  return why;
}
