/** Business constants of leagues (docs/leagues.md). */

/** A league's name is at most this long once trimmed (docs/leagues.md#creating-a-league). */
export const LEAGUE_NAME_MAX_LENGTH = 50;
/** How many leagues one search answers at most. */
export const LEAGUE_SEARCH_LIMIT = 50;
/** The multipart file field of the settings call (PUT /api/leagues/{id}). */
export const LEAGUE_IMAGE_FIELD = 'image';
/** The send rate limit's channel of league chat: it counts apart from direct messages (docs/social.md#chat-building-blocks). */
export const LEAGUE_CHAT_CHANNEL = 'league';
/** Scroll heights of the league page, in px (docs/product.md#league-page). */
export const LEAGUE_MEMBERS_MAX_HEIGHT = 300;
export const LEAGUE_LEADERBOARD_MAX_HEIGHT = 350;
export const LEAGUE_PERMISSIONS_MAX_HEIGHT = 300;
/** The picture a league without an image (or with a broken one) shows. */
export const DEFAULT_LEAGUE_IMAGE = '/default-league.svg';
/**
 * What one player may do per 24 hours (docs/leagues.md#daily-limits): enough for any organiser,
 * too few to flood search, inboxes or a league's table. Past one: 429 in plain words.
 */
export const LEAGUE_DAILY_LIMITS = {
  leaguesCreated: 10,
  invitesSent: 100,
  pastMatchesAdded: 50,
} as const;
export const LEAGUE_DAILY_WINDOW_SECONDS = 24 * 3600;
