import type { QueryClient } from '@tanstack/react-query';
import type { ConversationsResponse, DirectMessage, FriendsResponse, MessagesReadEvent, PresenceEvent, UserDetails } from '@gotnext/shared';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { mapMessages, withMessage, type ChatPages } from '../chat/chatPages';
import { useTypingStore } from './typingStore';

/*
 * What each social push does to the cached answers (docs/social.md#live-delivery). The bridge
 * (realtime/queryBridge.ts) calls these; `me` is the logged-in player.
 */

/** A chat that is not loaded yet may be loading: its answer may predate the push, so read it again. */
function updateChat(client: QueryClient, partnerId: number, change: (data: ChatPages<DirectMessage>) => ChatPages<DirectMessage>) {
  const key = queryKeys.chat(partnerId);
  if (client.getQueryData(key) === undefined) void readAgain(client, { queryKey: key });
  else client.setQueryData<ChatPages<DirectMessage>>(key, (data) => data && change(data));
}

/** `message:new`: into the open chat at once; the lists, counts and the bell read again. */
export function applyDirectMessage(client: QueryClient, message: DirectMessage, me: number | null): void {
  const partnerId = message.sender_id === me ? message.recipient_id : message.sender_id;
  updateChat(client, partnerId, (data) => withMessage(data, message));
  if (message.sender_id === partnerId) useTypingStore.getState().stopped(partnerId);
  void readAgain(client, { queryKey: queryKeys.conversations() });
  if (message.recipient_id === me) {
    void readAgain(client, { queryKey: queryKeys.unreadMessages() });
    void readAgain(client, { queryKey: queryKeys.notifications() });
  }
}

/**
 * `messages:read`: when I read (on any tab), that chat's messages to me are read and my counts
 * drop; when my partner read, my messages to them show 'Seen'.
 */
export function applyMessagesRead(client: QueryClient, e: MessagesReadEvent, me: number | null): void {
  if (e.reader_id === me) {
    updateChat(client, e.partner_id, (data) =>
      mapMessages(
        data,
        (m) => m.sender_id === e.partner_id,
        (m) => ({ ...m, read: true }),
      ),
    );
    void readAgain(client, { queryKey: queryKeys.conversations() });
    void readAgain(client, { queryKey: queryKeys.unreadMessages() });
    void readAgain(client, { queryKey: queryKeys.notifications() });
  } else {
    updateChat(client, e.reader_id, (data) =>
      mapMessages(
        data,
        (m) => m.recipient_id === e.reader_id,
        (m) => ({ ...m, read: true }),
      ),
    );
  }
}

/** `friends:changed`: the lists, the player's status and what the chat may do read again. */
export function applyFriendsChanged(client: QueryClient, userId: number): void {
  void readAgain(client, { queryKey: queryKeys.friends() });
  void readAgain(client, { queryKey: queryKeys.friendStatus(userId) });
  void readAgain(client, { queryKey: queryKeys.userDetails(userId) });
}

/** `presence:changed` (and the answer to presence:watch): the dot on every list that shows the player. */
export function applyPresence(client: QueryClient, { user_id, online }: PresenceEvent): void {
  client.setQueryData<FriendsResponse>(queryKeys.friends(), (data) => data && { ...data, friends: data.friends.map((f) => (f.user_id === user_id ? { ...f, online } : f)) });
  client.setQueryData<ConversationsResponse>(queryKeys.conversations(), (data) => data && { messages: data.messages.map((c) => (c.user_id === user_id ? { ...c, online } : c)) });
  client.setQueryData<UserDetails>(queryKeys.userDetails(user_id), (data) => data && { ...data, online });
}
