/**
 * Tuning constants of the GotNext rating (product rules). They are exported so the UI and the
 * backend agree on them; changing any of them changes every replayed rating, so the golden
 * replay (golden/replay.json) must be regenerated together with such a change.
 */

/** Internal rating every player starts at in a pool (shown as "4.000"). */
export const INITIAL_RATING = 1500;

/** Ranked matches a player needs in a pool before the rating stops being provisional. */
export const PROVISIONAL_GAMES = 15;

/** Base step of one ranked match, before the team-size, length, margin and experience factors. */
export const K_FACTOR = 24;

/** Elo logistic scale: a 400-point gap means the favourite is expected to score 10:1. */
export const ELO_SCALE = 400;

/** Largest and smallest team size of the match types (1v1 … 5v5). */
export const MIN_TEAM_SIZE = 1;
export const MAX_TEAM_SIZE = 5;

/** Games played to at most this many points are "short" and count less. */
export const SHORT_GAME_MAX_TARGET = 7;
export const SHORT_GAME_FACTOR = 0.7;

/** Margin multiplier M = MARGIN_BASE + MARGIN_SLOPE·√x, so M runs from 0.5 (x→0) to 2.0 (shutout). */
export const MARGIN_BASE = 0.5;
export const MARGIN_SLOPE = 1.5;

/** Favourite correction A = 2.2 / (2.2 + 0.001·gap), gap clamped to ±1000 so A stays positive. */
export const FAVOURITE_CORRECTION_BASE = 2.2;
export const FAVOURITE_CORRECTION_SLOPE = 0.001;
export const FAVOURITE_GAP_CAP = 1000;

/** New players move up to (1 + NEW_PLAYER_BOOST)× faster, fading out over PROVISIONAL_GAMES. */
export const NEW_PLAYER_BOOST = 1.5;

/** Display: shown = clamp(4000 + round(4·(R − 1500)), 2000, 8000) / 1000. */
export const DISPLAY_CENTER = 4000;
export const DISPLAY_SCALE = 4;
export const DISPLAY_MIN = 2000;
export const DISPLAY_MAX = 8000;
