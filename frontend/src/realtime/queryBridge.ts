import type { Query, QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_TYPES, type NotificationsResponse } from '@gotnext/shared';
import { queryKeys } from '../api/queryKeys';
import { readAgain } from '../api/readAgain';
import { applyLeagueChanged, applyLeagueMessage } from '../features/leagues/leaguesCache';
import { withNotification } from '../features/notifications/notificationsCache';
import { applyDirectMessage, applyFriendsChanged, applyMessagesRead, applyPresence } from '../features/social/socialCache';
import { useTypingStore } from '../features/social/typingStore';
import { useAuthStore } from '../stores/auth';
import { onServerEvent, useSocketStatusStore } from './socket';

const isLive = (query: Query) => query.meta?.live === true;

/**
 * The one bridge from socket events to server state (docs/realtime.md): a push either updates the
 * cached answer in place or marks it stale so the screens showing it refetch. Also: each time the
 * socket joins (first connect and reconnects) every live query on screen refetches once (pushes sent
 * before it joined are lost),
 * and a session that ends or changes leaves no cached answer of the previous player behind.
 */
export function connectRealtimeToQueries(client: QueryClient): () => void {
  let lastSession = useSocketStatusStore.getState().sessionCount;
  let lastToken = useAuthStore.getState().token;

  const stops = [
    onServerEvent('match:changed', (e) => {
      void readAgain(client, { queryKey: queryKeys.match(e.match_id) });
      // The dispute page shows the other side's proposal live; the Current match banner follows the status.
      void readAgain(client, { queryKey: queryKeys.disputeDetails(e.match_id) });
      void readAgain(client, { queryKey: queryKeys.myMatches() });
    }),
    onServerEvent('my-matches:changed', () => void readAgain(client, { queryKey: queryKeys.myMatches() })),
    onServerEvent('notification:new', (n) => {
      const key = queryKeys.notifications();
      // Before the list's first answer there is nothing to add to, and that answer may predate this
      // one; so may a read in flight (the first session:ready's): it would land after this push and
      // overwrite it, so the list is read again instead (a bell showed 1 unread of 2 under load).
      if (client.getQueryData(key) === undefined || client.isFetching({ queryKey: key }) > 0) void readAgain(client, { queryKey: key });
      else client.setQueryData<NotificationsResponse>(key, (list) => list && withNotification(list, n));
      // The ID verdict changes the account itself (id_verified): show it without a reload.
      if (n.type === NOTIFICATION_TYPES.idVerification) {
        void readAgain(client, { queryKey: queryKeys.me() });
        void readAgain(client, { queryKey: queryKeys.idCheck() });
      }
      // A match notice (result, dispute, cancel) changes the open matches; a result moves the rating.
      if (n.matchId ?? n.match_id) void readAgain(client, { queryKey: queryKeys.myMatches() });
      if (n.type === NOTIFICATION_TYPES.matchResult || n.type === NOTIFICATION_TYPES.disputeResolved) {
        const me = useAuthStore.getState().userId;
        if (me) {
          void readAgain(client, { queryKey: queryKeys.ratingHistory(me) });
          void readAgain(client, { queryKey: queryKeys.profile(me) });
        }
      }
      // An invite shows on the league's page (Accept, Decline) if it is open.
      if (n.type === NOTIFICATION_TYPES.leagueInvite && n.league_id) applyLeagueChanged(client, n.league_id);
    }),
    // A match ended: its notifications' actions are finished, the list is read again (docs/notifications.md#flags).
    onServerEvent('notifications:changed', () => void readAgain(client, { queryKey: queryKeys.notifications() })),
    // Social (docs/social.md#live-delivery): chats, lists, counts, the bell, presence, typing.
    onServerEvent('message:new', (m) => applyDirectMessage(client, m, useAuthStore.getState().userId)),
    onServerEvent('messages:read', (e) => applyMessagesRead(client, e, useAuthStore.getState().userId)),
    onServerEvent('friends:changed', (e) => applyFriendsChanged(client, e.user_id)),
    onServerEvent('presence:changed', (e) => applyPresence(client, e)),
    onServerEvent('chat:typing', (e) => useTypingStore.getState().typed(e.user_id)),
    // Leagues (docs/leagues.md#live-updates): the league's chat and the league itself.
    onServerEvent('league:message', (m) => applyLeagueMessage(client, m)),
    onServerEvent('league:changed', (e) => applyLeagueChanged(client, e.league_id)),
    // The account's sessions were ended elsewhere (password reset, deletion): this tab is logged out too.
    onServerEvent('session:revoked', () => useAuthStore.getState().logout()),
    useSocketStatusStore.subscribe(({ sessionCount }) => {
      // Every session:ready, the first one too: a screen's first read may come before the socket has
      // joined its rooms (the socket loads after the page), and a push sent in between is lost.
      // A read that failed while the connection was down is read again too, so its error does not
      // outlive the outage (docs/realtime.md#offline).
      if (sessionCount > lastSession) void readAgain(client, { predicate: (q) => isLive(q) || q.state.status === 'error', type: 'active' });
      lastSession = sessionCount;
    }),
    useAuthStore.subscribe(({ token }) => {
      if (token === lastToken) return;
      lastToken = token;
      client.clear();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
