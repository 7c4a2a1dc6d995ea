/**
 * Every query key, in one place, so a socket push, a mutation and a screen name the same entry.
 * Keys hold ids as numbers (never route strings), so `match(5)` from a push and from a page agree.
 */
export const queryKeys = {
  me: () => ['me'] as const,
  idCheck: () => ['id-check'] as const,
  match: (matchId: number) => ['match', matchId] as const,
  disputeDetails: (matchId: number) => ['dispute-details', matchId] as const,
  profile: (userId: number) => ['profile', userId] as const,
  userStats: (userId: number, fullHistory: boolean) => ['user-stats', userId, { fullHistory }] as const,
  notifications: () => ['notifications'] as const,
  blockedUsers: () => ['blocked-users'] as const,
  playerSearch: (query: string) => ['player-search', query] as const,
  articles: () => ['articles'] as const,
  topPlayers: () => ['top-players'] as const,
  emailVerification: (token: string) => ['email-verification', token] as const,
  staticPage: (src: string) => ['static-page', src] as const,
};
