import { ACCOUNT_MESSAGES } from './messages/account';
import { ARTICLES_MESSAGES } from './messages/articles';
import { AUTH_MESSAGES } from './messages/auth';
import { COMMON_MESSAGES } from './messages/common';
import { FAIR_PLAY_MESSAGES } from './messages/fair-play';
import { INVITES_MESSAGES } from './messages/invites';
import { LEADERBOARDS_MESSAGES } from './messages/leaderboards';
import { LEAGUE_MATCHES_MESSAGES } from './messages/league-matches';
import { LEAGUES_MESSAGES } from './messages/leagues';
import { MATCHES_MESSAGES } from './messages/matches';
import { NOTIFICATIONS_MESSAGES } from './messages/notifications';
import { OPEN_LOBBIES_MESSAGES } from './messages/open-lobbies';
import { PREVIEWS_MESSAGES } from './messages/previews';
import { PROFILES_MESSAGES } from './messages/profiles';
import { SOCIAL_MESSAGES } from './messages/social';
import { VERIFICATION_MESSAGES } from './messages/verification';

/**
 * Every user-facing text of the spec, once. The form and the server both use these, so the
 * message a player reads is the same whether the browser or the API caught the problem. Each
 * feature keeps its texts in `messages/<feature>.ts`; a key lives in exactly one of them
 * (messages.spec.ts holds that), so this merge never lets one text hide another.
 */
export const MSG = {
  ...COMMON_MESSAGES,
  ...AUTH_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...VERIFICATION_MESSAGES,
  ...MATCHES_MESSAGES,
  ...OPEN_LOBBIES_MESSAGES,
  ...PROFILES_MESSAGES,
  ...SOCIAL_MESSAGES,
  ...NOTIFICATIONS_MESSAGES,
  ...LEADERBOARDS_MESSAGES,
  ...ARTICLES_MESSAGES,
  ...LEAGUES_MESSAGES,
  ...LEAGUE_MATCHES_MESSAGES,
  ...PREVIEWS_MESSAGES,
  ...INVITES_MESSAGES,
  ...FAIR_PLAY_MESSAGES,
} as const;
