import type { QueryClient } from '@tanstack/react-query';
import type { LeagueChatMessage } from '@gotnext/shared';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { withMessage, type ChatPages } from '../chat/chatPages';

/*
 * What each league push does to the cached answers (docs/leagues.md#live-updates). The bridge
 * (realtime/queryBridge.ts) calls these.
 */

/** `league:message`: into the open chat at once (kept once by id); a chat not loaded yet reads again. */
export function applyLeagueMessage(client: QueryClient, message: LeagueChatMessage): void {
  const key = queryKeys.leagueChat(message.league_id);
  if (client.getQueryData(key) === undefined) void readAgain(client, { queryKey: key });
  else client.setQueryData<ChatPages<LeagueChatMessage>>(key, (data) => data && withMessage(data, message));
}

/** `league:changed` (members, rights, settings, invites), or an invite to it: the league and the lists read again. */
export function applyLeagueChanged(client: QueryClient, leagueId: number): void {
  void readAgain(client, { queryKey: queryKeys.league(leagueId) });
  void readAgain(client, { queryKey: queryKeys.myLeagues() });
}
