import { targetScore, type ScoringType } from '../constants/matches';

/**
 * A scoring type in a newcomer's words beside the spec's name: '2s & 3s to 21' → "Game to 21 ·
 * baskets count 2 and 3" (docs/product.md#create-match).
 */
export function scoringMeaning(scoring: ScoringType): string {
  const [low, high] = scoring.startsWith('2s') ? [2, 3] : [1, 2];
  return `Game to ${targetScore(scoring)} · baskets count ${low} and ${high}`;
}
