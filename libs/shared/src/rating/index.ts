/**
 * The GotNext rating engine: pure functions, no I/O, safe to run on server and client alike.
 * Only the product-level constants are exported by name; the individual formula factors are
 * grouped under `ratingFormula` so their generic names cannot clash in the shared barrel.
 */
export { INITIAL_RATING, PROVISIONAL_GAMES, K_FACTOR } from './constants';
export type { RatingPlayer, RatedMatchInput, RatingChange, RatingState, RatingPool } from './types';
export * as ratingFormula from './formula';
export { validateRatedMatch } from './validate';
export { rateMatch } from './rate-match';
export { ratedMatchFromScoring } from './scoring';
export { displayRating, displayRatingValue, displayThousandths, isProvisional } from './display';
export { replayMatches, type ReplayMatch, type ReplayResult } from './replay';
export { explainRatingChange, type RatingWhyInput } from './explain';
export { ratingEngine, type RatingEngine, type PlayerRating, type EngineMatch, type EngineSeat, type EngineRateInput, type EngineChange } from './engine';
