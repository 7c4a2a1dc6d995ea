/**
 * Why a rating moved, in words (docs/rating.md#rating-history): the same things the engine
 * weighs, read back from the stored rating events (each side's mean before the match, the
 * scores, the target, the team size, the player's games and uncertainty before it), never its
 * numbers. Display only: nothing here feeds a rating. The UI joins the phrases with commas.
 */
import { PROVISIONAL_GAMES, RATING_PARAMS } from './constants';
import { displayRating } from './display';

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
  /** The player's uncertainty before the match; absent on events stored before it was kept. */
  sigmaBefore?: number;
}

/** Gaps under this many internal points (0.020 shown) read as an even match. */
const EVEN_GAP = 5;
const NUMBERS = ['', 'one', 'two', 'three', 'four', 'five'];

/** How decisive the score was: the lead as a share of max(target, winner's score), as the engine reads it. */
function resultText(own: number, other: number, target: number): string {
  const score = `(${own}–${other})`;
  if (own === other) return `a draw ${score}`;
  const lead = Math.abs(own - other) / Math.max(target, own, other);
  const how = lead <= 0.2 ? 'narrow' : lead < 0.5 ? 'clear' : 'big';
  return `a ${how} ${own > other ? 'win' : 'loss'} ${score}`;
}

export function explainRatingChange(i: RatingWhyInput): string[] {
  const why = [resultText(i.ownScore, i.otherScore, i.target)];
  const side = i.teamSize === 1 ? 'opponent' : 'opponents';
  const gap = i.otherMean - i.ownMean;
  const strength = Math.abs(gap) < EVEN_GAP ? 'an even match' : gap > 0 ? `stronger ${side}` : `weaker ${side}`;
  why.push(`${strength} (${displayRating(i.otherMean)} vs ${displayRating(i.ownMean)})`);
  why.push(i.target <= 7 ? 'a short game, so it counts less' : i.target >= 15 ? 'a long game' : `a game to ${i.target}`);
  if (i.teamSize > 1) why.push(`${i.teamSize}v${i.teamSize}, shared by ${NUMBERS[i.teamSize] ?? i.teamSize}`);
  const sigma = i.sigmaBefore ?? RATING_PARAMS.initialSigma;
  if (i.gamesBefore < PROVISIONAL_GAMES || sigma > 2 * RATING_PARAMS.minSigma) {
    why.push(i.gamesBefore < PROVISIONAL_GAMES ? 'you are still new so it moves faster' : 'your rating is still settling so it moves faster');
  } else {
    why.push('your rating is settled so it moves less');
  }
  return why;
}

/** The phrases as one sentence, as the rating history shows them: "A clear win (21–12), a long game, …". */
export function ratingWhySentence(why: readonly string[]): string {
  const text = why.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
