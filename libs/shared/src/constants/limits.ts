/** Business constants and limits (docs/product.md). */
export const MIN_SIGNUP_AGE = 16;
export const MIN_PASSWORD_LENGTH = 6;
/** Usernames are at most this long once normalised (docs/accounts.md#usernames). */
export const USERNAME_MAX_LENGTH = 30;
/** The earliest date of birth accepted (YYYY-MM-DD). */
export const MIN_DATE_OF_BIRTH = '1900-01-01';
export const POLL_INTERVAL_MS = 3000;
export const NOTIFICATION_DROPDOWN_SIZE = 10;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const TOP_PLAYERS_COUNT = 10;
export const LEADERBOARD_SIZE = 50;
export const ARTICLE_PREVIEW_LENGTH = 100;
export const BLOCK_SEARCH_MIN_LENGTH = 2;
export const HISTORY_PAGE_SIZE = 15;
export const PROFILE_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
export const ID_PHOTO_MAX_DIMENSION = 1024;
export const ID_PHOTO_QUALITY = 0.9;
export const REPORT_REDIRECT_MS = 2000;
export const RESET_REDIRECT_MS = 3000;
export const LEAGUE_RECENT_MATCHES = 4;
export const HEIGHT_FEET_MIN = 4;
export const HEIGHT_FEET_MAX = 11;
export const DEFAULT_HEIGHT = `6'0`;
/** Lifetimes of the e-mailed tokens (docs/accounts.md#e-mail-verification). */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
