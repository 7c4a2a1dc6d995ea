import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, type League, type LeagueChatMessage, type LeagueSettingsForm } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { sendChat, useLiveQuery } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { withMessage, type ChatPages } from '../chat/chatPages';
import { useChatPages } from '../chat/useChatPages';

/*
 * The league reads and writes (docs/leagues.md). The league and My Leagues are live queries: the
 * bridge (realtime/queryBridge.ts, features/leagues/leaguesCache.ts) applies `league:changed` and
 * `league:message`, and they poll while the socket is down.
 */

const SEARCH_DELAY_MS = 250;

/** One league as the player may see it; a visitor too. */
export function useLeague(leagueId: number) {
  return useLiveQuery({
    queryKey: queryKeys.league(leagueId),
    queryFn: async ({ signal }) => (await call(ROUTES.league, { params: { leagueId }, fallback: MSG.leagueLoadFailed, signal })).league,
  });
}

export function useMyLeagues(enabled: boolean) {
  return useLiveQuery({
    queryKey: queryKeys.myLeagues(),
    queryFn: async ({ signal }) => (await call(ROUTES.myLeagues, { fallback: MSG.leagueLoadFailed, signal })).leagues,
    enabled,
  });
}

/** Leagues whose name matches `text` once typing has paused (every visible league for an empty box). */
export function useLeagueSearch(text: string) {
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  return useQuery({
    queryKey: queryKeys.leagueSearch(query),
    queryFn: async ({ signal }) => (await call(ROUTES.searchLeagues, { query: { query }, fallback: '', signal })).leagues,
    placeholderData: keepPreviousData,
  });
}

/** The league's chat, newest page first (features/chat/useChatPages.ts); only members can read it. */
export function useLeagueChat(leagueId: number, enabled: boolean) {
  return useChatPages<LeagueChatMessage>(
    queryKeys.leagueChat(leagueId),
    async (before, signal) => {
      const page = await call(ROUTES.leagueChat, { params: { leagueId }, query: { before: before ?? undefined }, fallback: '', signal });
      return { messages: page.chat, next_cursor: page.next_cursor };
    },
    enabled,
  );
}

/** Sends a chat message (over the socket when connected, else REST); it shows at once (the push that follows is the same message, kept once). */
export function useSendLeagueChat(leagueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      sendChat(
        'league-chat:send',
        { league_id: leagueId, message },
        () => call(ROUTES.sendLeagueChat, { body: { league_id: leagueId, message }, fallback: MSG.sendFailed }),
        MSG.sendFailed,
      ),
    onSuccess: ({ chat_message }) => client.setQueryData<ChatPages<LeagueChatMessage>>(queryKeys.leagueChat(leagueId), (data) => data && withMessage(data, chat_message)),
    // League chat failures are only logged (docs/leagues.md#chat); the composer keeps the text.
    onError: (err) => console.error('league chat failed:', err.message),
  });
}

/** After any league write: the league and the lists read again. */
function useRefreshLeagues() {
  const client = useQueryClient();
  return () => readAgain(client, { queryKey: queryKeys.leagues() });
}

export function useCreateLeague() {
  const refresh = useRefreshLeagues();
  const userId = useAuthStore((s) => s.userId);
  return useMutation({
    mutationFn: ({ name, isPrivate }: { name: string; isPrivate: boolean }) =>
      call(ROUTES.createLeague, { body: { name, is_private: isPrivate, creator_id: userId ?? undefined }, fallback: MSG.createLeagueFailed }),
    onSuccess: refresh,
  });
}

/** Join League (also Accept on an invite), Leave League, Decline. */
export function useMembership(leagueId: number) {
  const refresh = useRefreshLeagues();
  const client = useQueryClient();
  const userId = useAuthStore((s) => s.userId) ?? undefined;
  const body = { league_id: leagueId, user_id: userId };
  const join = useMutation({ mutationFn: () => call(ROUTES.joinLeague, { body, fallback: MSG.joinLeagueFailed }), onSettled: refresh });
  const leave = useMutation({
    mutationFn: () => call(ROUTES.leaveLeague, { body, fallback: MSG.leaveLeagueFailed }),
    // The chat is members only: once the page knows the player left (and shows no chat), what this tab holds of it goes.
    onSettled: async (_data, error) => {
      await refresh();
      if (!error) client.removeQueries({ queryKey: queryKeys.leagueChat(leagueId) });
    },
  });
  const decline = useMutation({ mutationFn: () => call(ROUTES.declineLeagueInvite, { body, fallback: MSG.tryAgain }), onSettled: refresh });
  return { join, leave, decline };
}

/** The League Settings modal's Save: the answer replaces the cached league. */
export function useUpdateLeague(leagueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: LeagueSettingsForm) => call(ROUTES.updateLeague, { params: { leagueId }, body: form, fallback: MSG.leagueSettingsFailed }),
    onSuccess: ({ league }) => {
      client.setQueryData<League>(queryKeys.league(leagueId), league);
      void readAgain(client, { queryKey: queryKeys.myLeagues() });
    },
  });
}

/** Invite in the Invite Members modal; failures are only logged (docs/product.md#league-page). */
export function useInvite(leagueId: number) {
  const inviterId = useAuthStore((s) => s.userId) ?? undefined;
  return useMutation({
    mutationFn: (inviteeId: number) => call(ROUTES.inviteToLeague, { body: { league_id: leagueId, inviter_id: inviterId, invitee_id: inviteeId }, fallback: '' }),
    onError: (err) => console.error('league invite failed:', err.message),
  });
}
