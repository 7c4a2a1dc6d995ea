import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, type DirectMessage } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { sendChat, useLiveQuery } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { useChatPages } from '../chat/useChatPages';
import { withMessage, type ChatPages } from '../chat/chatPages';

/*
 * The social reads and writes (docs/social.md), each a live query: pushes land through the bridge
 * (realtime/queryBridge.ts), and they poll while the socket is down.
 */

const useLoggedIn = () => useAuthStore((s) => s.token !== null);

export function useFriends() {
  return useLiveQuery({
    queryKey: queryKeys.friends(),
    queryFn: ({ signal }) => call(ROUTES.friends, { fallback: MSG.friendsLoadFailed, signal }),
    enabled: useLoggedIn(),
  });
}

/** Where the viewer stands with a player (the profile's friend button); null id: nothing to load. */
export function useFriendStatus(userId: number | null) {
  return useLiveQuery({
    queryKey: queryKeys.friendStatus(userId ?? 0),
    queryFn: ({ signal }) => call(ROUTES.friendStatus, { params: { userId: userId! }, fallback: '', signal }),
    enabled: useLoggedIn() && userId !== null,
  });
}

export function useConversations() {
  return useLiveQuery({
    queryKey: queryKeys.conversations(),
    queryFn: ({ signal }) => call(ROUTES.conversations, { fallback: MSG.messagesLoadFailed, signal }),
    enabled: useLoggedIn(),
  });
}

/** The unread direct-message count (the /friends badge). */
export function useUnreadMessages() {
  return useLiveQuery({
    queryKey: queryKeys.unreadMessages(),
    queryFn: async ({ signal }) => (await call(ROUTES.unreadMessages, { fallback: '', signal })).unreadCount,
    enabled: useLoggedIn(),
  });
}

export function useUserDetails(userId: number) {
  return useLiveQuery({
    queryKey: queryKeys.userDetails(userId),
    queryFn: ({ signal }) => call(ROUTES.userDetails, { params: { userId }, fallback: MSG.chatLoadFailed, signal }),
    enabled: useLoggedIn(),
  });
}

/** The chat with one player, newest page first (features/chat/useChatPages.ts). */
export function useDirectChat(userId: number) {
  return useChatPages<DirectMessage>(
    queryKeys.chat(userId),
    (before, signal) => call(ROUTES.chatHistory, { params: { userId }, query: { before: before ?? undefined }, fallback: MSG.chatLoadFailed, signal }),
    useLoggedIn(),
  );
}

/** Sends a message (over the socket when connected, else REST); it shows in the chat at once (the push that follows is the same message, kept once). */
export function useSendMessage(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      sendChat(
        'message:send',
        { recipient_id: userId, content },
        () => call(ROUTES.sendMessage, { body: { recipient_id: userId, content }, fallback: MSG.sendFailed }),
        MSG.sendFailed,
      ),
    onSuccess: ({ chat_message }) => {
      client.setQueryData<ChatPages<DirectMessage>>(queryKeys.chat(userId), (data) => data && withMessage(data, chat_message));
      // A read in flight (the reconnect's, when a message written offline goes out) may predate
      // this message and would write the thread back without it: read it again once it lands.
      if (client.isFetching({ queryKey: queryKeys.chat(userId) })) void readAgain(client, { queryKey: queryKeys.chat(userId) });
      void readAgain(client, { queryKey: queryKeys.conversations() });
    },
  });
}

/** Marks what `userId` sent the viewer read; the `messages:read` push updates every tab. Failures are silent. */
export function useMarkChatRead(userId: number) {
  return useMutation({ mutationFn: () => call(ROUTES.markChatRead, { params: { userId }, fallback: '' }) });
}

type FriendAction = { kind: 'request' | 'remove'; userId: number } | { kind: 'accept' | 'decline'; requestId: number; userId: number };

/**
 * Add Friend, Remove Friend, Accept, Decline. Friend action failures are only logged (the spec);
 * either way the lists and the player's status are read again, and `friends:changed` tells the
 * other tabs.
 */
export function useFriendAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: FriendAction) => {
      switch (action.kind) {
        case 'request':
          return call(ROUTES.friendRequest, { body: { userId: action.userId }, fallback: '' });
        case 'remove':
          return call(ROUTES.friendRemove, { body: { userId: action.userId }, fallback: '' });
        case 'accept':
          return call(ROUTES.friendAccept, { body: { requestId: action.requestId }, fallback: MSG.acceptFailed });
        case 'decline':
          return call(ROUTES.friendDecline, { body: { requestId: action.requestId }, fallback: MSG.declineFailed });
      }
    },
    onError: (err, action) => console.error(`friend ${action.kind} failed:`, err.message),
    onSettled: (_data, _error, action) =>
      Promise.all([
        readAgain(client, { queryKey: queryKeys.friends() }),
        readAgain(client, { queryKey: queryKeys.friendStatus(action.userId) }),
        readAgain(client, { queryKey: queryKeys.userDetails(action.userId) }),
      ]),
  });
}
