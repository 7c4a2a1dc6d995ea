/**
 * Every query key, in one place, so a socket push, a mutation and a screen name the same entry.
 * Keys hold ids as numbers (never route strings), so `match(5)` from a push and from a page agree.
 */
export const queryKeys = {
  me: () => ['me'] as const,
  idCheck: () => ['id-check'] as const,
  match: (matchId: number) => ['match', matchId] as const,
  invitePreview: (code: string) => ['invite-preview', code.toUpperCase()] as const,
  disputeDetails: (matchId: number) => ['dispute-details', matchId] as const,
  profile: (userId: number) => ['profile', userId] as const,
  userStats: (userId: number, fullHistory: boolean) => ['user-stats', userId, { fullHistory }] as const,
  notifications: () => ['notifications'] as const,
  blockedUsers: () => ['blocked-users'] as const,
  playerSearch: (query: string) => ['player-search', query] as const,
  articles: () => ['articles'] as const,
  article: (articleId: number) => ['article', articleId] as const,
  topPlayers: () => ['top-players'] as const,
  /** Every board query starts with 'leaderboard', so a rating change can refetch them all. */
  leaderboards: () => ['leaderboard'] as const,
  leaderboard: (region: string, page: number, search: string) => ['leaderboard', region, { page, search }] as const,
  emailVerification: (token: string) => ['email-verification', token] as const,
  staticPage: (src: string) => ['static-page', src] as const,
  friends: () => ['friends'] as const,
  friendStatus: (userId: number) => ['friend-status', userId] as const,
  conversations: () => ['conversations'] as const,
  unreadMessages: () => ['unread-messages'] as const,
  userDetails: (userId: number) => ['user-details', userId] as const,
  /** A direct chat's pages (newest first), cursor-paged. */
  chat: (userId: number) => ['chat', userId] as const,
  adminReports: () => ['admin-reports'] as const,
  /** Every league read shares this prefix, so a league push can refresh all of them. */
  leagues: () => ['leagues'] as const,
  leagueSearch: (query: string) => ['leagues', 'search', query] as const,
  myLeagues: () => ['leagues', 'my'] as const,
  league: (leagueId: number) => ['leagues', 'one', leagueId] as const,
  /** A league chat's pages (newest first), cursor-paged. */
  leagueChat: (leagueId: number) => ['league-chat', leagueId] as const,
  /** The caller's open matches (the Current match banner, /stats). */
  myMatches: () => ['my-matches'] as const,
  /** Open lobbies near the caller (docs/matches.md#open-lobbies). */
  openLobbies: () => ['open-lobbies'] as const,
  ratingHistory: (userId: number) => ['rating-history', userId] as const,
  headToHead: (userId: number) => ['head-to-head', userId] as const,
  adminDisputes: () => ['admin-disputes'] as const,
  /** The rating's measured accuracy (docs/rating.md#glass-box). */
  ratingAccuracy: () => ['rating-accuracy'] as const,
  /** A lobby's chances, read again whenever its roster changes. */
  matchChances: (matchId: number, roster: string) => ['match-chances', matchId, roster] as const,
  adminIntegrity: () => ['admin-integrity'] as const,
  ownIntegrityCases: () => ['own-integrity-cases'] as const,
};
