import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import type { DirectMessage, FriendsResponse, NotificationsResponse } from '@gotnext/shared';
import type { ChatPages } from '../features/chat/chatPages';
import { messagesOf } from '../features/chat/chatPages';
import { useTypingStore } from '../features/social/typingStore';
import { createQueryClient } from '../api/queryClient';
import { queryKeys } from '../api/queryKeys';
import { useAuthStore } from '../stores/auth';

/** A stand-in for the socket.io client: the test plays the server's side of it. */
const fakeSocket = vi.hoisted(() => {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  let any: ((event: string, ...args: unknown[]) => void) | null = null;
  return {
    on: (event: string, fn: (...args: unknown[]) => void) => listeners.set(event, [...(listeners.get(event) ?? []), fn]),
    onAny: (fn: (event: string, ...args: unknown[]) => void) => (any = fn),
    emit: () => undefined,
    connect: () => undefined,
    disconnect: () => undefined,
    removeAllListeners: () => listeners.clear(),
    active: true,
    connected: true,
    /** The server sends `event`: socket.io calls both the named listeners and onAny. */
    serverSends(event: string, ...args: unknown[]) {
      listeners.get(event)?.forEach((fn) => fn(...args));
      any?.(event, ...args);
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fakeSocket }));

const { connectRealtimeToQueries, startRealtime } = await import('./index');
const { useSocketStatusStore, socketOpened } = await import('./socket');

let client: QueryClient;
let reads: Record<string, number>;

/** A query on screen (an observer), counting its reads. */
function onScreen(key: readonly unknown[], live: boolean, data: unknown = {}) {
  const name = JSON.stringify(key);
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: async () => {
      reads[name] = (reads[name] ?? 0) + 1;
      return data;
    },
    meta: { live },
  });
  observer.subscribe(() => undefined);
  return () => reads[name] ?? 0;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => startRealtime());

beforeEach(async () => {
  // Logged in, so a socket is open; nothing connected yet.
  useAuthStore.getState().login('token-7', 7);
  await socketOpened();
  useSocketStatusStore.setState({ connected: false, sessionCount: 0 });
  client = createQueryClient();
  reads = {};
  return connectRealtimeToQueries(client);
});

describe('the socket-to-query bridge', () => {
  it('refetches the match on screen when its match:changed arrives, and only that match', async () => {
    const match5 = onScreen(queryKeys.match(5), true);
    const match6 = onScreen(queryKeys.match(6), true);
    await settle();
    fakeSocket.serverSends('match:changed', { match_id: 5, status: 'ready', at: Date.now() });
    await settle();
    expect([match5(), match6()]).toEqual([2, 1]);
  });

  it('reads the match again when its change arrives during the first load, so the older answer cannot stand', async () => {
    const answers: ((status: string) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.match(5),
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
      meta: { live: true },
    });
    observer.subscribe(() => undefined);
    await settle();
    fakeSocket.serverSends('match:changed', { match_id: 5, status: 'ready', at: Date.now() });
    await settle();
    // The first load is let finish (the screen paints it rather than "Loading…"), then read again.
    expect(answers).toHaveLength(1);
    answers[0]('waiting'); // read before the change, answered late
    await settle();
    expect(answers).toHaveLength(2);
    answers[1]('ready');
    await settle();
    expect(client.getQueryData(queryKeys.match(5))).toBe('ready');
  });

  it('puts a pushed notification at the top of the cached list, after the unread-messages item, once', async () => {
    const list: NotificationsResponse = {
      notifications: [
        { id: 'unread_messages', type: 'unread_messages', message: 'You have 2 unread message(s).', read: false, timestamp: '' },
        { id: 1, type: 'friend_request', message: 'Old.', read: true, timestamp: '' },
      ],
      unreadMessagesCount: 2,
      unreadMessagesTimestamp: null,
    };
    onScreen(queryKeys.notifications(), true, list);
    await settle();
    const pushed = { id: 2, type: 'dispute', message: 'New.', read: false, timestamp: '' };
    fakeSocket.serverSends('notification:new', pushed);
    fakeSocket.serverSends('notification:new', pushed); // a push and a poll can bring the same one
    expect(client.getQueryData<NotificationsResponse>(queryKeys.notifications())!.notifications.map((n) => n.id)).toEqual(['unread_messages', 2, 1]);
  });

  it('a push arriving while the list is being read again is not lost when that older read lands', async () => {
    // The server's list; a held read answers what the server had when it started.
    let server: NotificationsResponse = { notifications: [], unreadMessagesCount: 0, unreadMessagesTimestamp: null };
    let holding = false;
    const held: (() => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.notifications(),
      queryFn: () => {
        const answer = server;
        return holding ? new Promise<NotificationsResponse>((done) => held.push(() => done(answer))) : Promise.resolve(answer);
      },
      meta: { live: true },
    });
    observer.subscribe(() => undefined);
    await settle();
    holding = true;
    void client.refetchQueries({ queryKey: queryKeys.notifications() }); // e.g. the first session:ready's read, started before the change
    await settle();
    const pushed = { id: 8, type: 'friend_request', message: 'New.', read: false, timestamp: '' };
    server = { ...server, notifications: [pushed] };
    fakeSocket.serverSends('notification:new', pushed);
    await settle();
    holding = false;
    held.forEach((answer) => answer()); // the older read lands last
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    await settle();
    expect(client.getQueryData<NotificationsResponse>(queryKeys.notifications())?.notifications.map((n) => n.id)).toEqual([8]);
  });

  it('reloads the account when the ID verdict arrives', async () => {
    const me = onScreen(queryKeys.me(), false);
    await settle();
    fakeSocket.serverSends('notification:new', { id: 3, type: 'id_verification', message: 'Your ID has been verified.', read: false, timestamp: '' });
    await settle();
    expect(me()).toBe(2);
  });

  it('refetches every live query on screen once when the socket joins, the first time and after a reconnect', async () => {
    const lobby = onScreen(queryKeys.match(5), true);
    const profile = onScreen(queryKeys.profile(9), false);
    await settle();
    fakeSocket.serverSends('session:ready', { user_id: 7 }); // first connect: pushes since the first read were not heard
    await settle();
    expect([lobby(), profile()]).toEqual([2, 1]);

    fakeSocket.serverSends('disconnect');
    fakeSocket.serverSends('session:ready', { user_id: 7 }); // back again: pushes in between were lost
    await settle();
    expect([lobby(), profile()]).toEqual([3, 1]);
  });

  it('reads a query that failed during the outage again on reconnect, so its error clears', async () => {
    let fail = true;
    const observer = new QueryObserver(client, {
      queryKey: ['account-settings'],
      queryFn: async () => {
        if (fail) throw new Error('Failed to connect to the server.');
        return 'ok';
      },
      retry: false,
    });
    observer.subscribe(() => undefined);
    await settle();
    expect(observer.getCurrentResult().error?.message).toBe('Failed to connect to the server.');
    fail = false;
    fakeSocket.serverSends('session:ready', { user_id: 7 });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('ok'));
    expect(observer.getCurrentResult().error).toBeNull();
  });

  it('logs out and forgets every cached answer when the session is revoked', async () => {
    onScreen(queryKeys.match(5), true);
    await settle();
    expect(client.getQueryData(queryKeys.match(5))).toBeDefined();
    fakeSocket.serverSends('session:revoked', { reason: 'password reset' });
    expect(useAuthStore.getState().token).toBeNull();
    expect(client.getQueryData(queryKeys.match(5))).toBeUndefined();
  });

  const dm = (id: number, sender_id: number, recipient_id: number, read = false): DirectMessage => ({ id, sender_id, recipient_id, message: `m${id}`, timestamp: '', read });
  const chatWith9 = (messages: DirectMessage[]): ChatPages<DirectMessage> => ({ pages: [{ messages, next_cursor: null }], pageParams: [null] });

  it('puts a direct message into the open chat once, and reads the lists, the count and the bell again', async () => {
    onScreen(queryKeys.chat(9), true, chatWith9([dm(1, 9, 7)]));
    const conversations = onScreen(queryKeys.conversations(), true);
    const unread = onScreen(queryKeys.unreadMessages(), true);
    const bell = onScreen(queryKeys.notifications(), true, { notifications: [], unreadMessagesCount: 0, unreadMessagesTimestamp: null });
    await settle();
    useTypingStore.getState().typed(9);
    fakeSocket.serverSends('message:new', dm(2, 9, 7));
    fakeSocket.serverSends('message:new', dm(2, 9, 7)); // a push and a refetch can bring the same one
    await settle();
    expect(messagesOf(client.getQueryData<ChatPages<DirectMessage>>(queryKeys.chat(9))).map((m) => m.id)).toEqual([1, 2]);
    expect([conversations(), unread(), bell()]).toEqual([3, 3, 3]);
    expect(useTypingStore.getState().until[9]).toBeUndefined(); // a message ends "typing…"
  });

  it("my message from another tab joins this tab's chat; the bell is not read again for it", async () => {
    onScreen(queryKeys.chat(9), true, chatWith9([]));
    const bell = onScreen(queryKeys.notifications(), true, { notifications: [], unreadMessagesCount: 0, unreadMessagesTimestamp: null });
    await settle();
    fakeSocket.serverSends('message:new', dm(3, 7, 9));
    await settle();
    expect(messagesOf(client.getQueryData<ChatPages<DirectMessage>>(queryKeys.chat(9))).map((m) => m.id)).toEqual([3]);
    expect(bell()).toBe(1);
  });

  it('shows Seen when the partner read my messages, and clears my unread ones when I read on another tab', async () => {
    onScreen(queryKeys.chat(9), true, chatWith9([dm(1, 9, 7), dm(2, 7, 9)]));
    await settle();
    fakeSocket.serverSends('messages:read', { reader_id: 9, partner_id: 7, at: '' });
    expect(messagesOf(client.getQueryData<ChatPages<DirectMessage>>(queryKeys.chat(9))).map((m) => [m.id, m.read])).toEqual([
      [1, false],
      [2, true],
    ]);
    fakeSocket.serverSends('messages:read', { reader_id: 7, partner_id: 9, at: '' });
    expect(messagesOf(client.getQueryData<ChatPages<DirectMessage>>(queryKeys.chat(9))).map((m) => [m.id, m.read])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('moves the online dot and reads the friend lists again when a friendship changes', async () => {
    const friends = onScreen(queryKeys.friends(), true, {
      friends: [{ user_id: 9, username: 'sam', profile_picture: null, profile_picture_version: 0, online: false }],
      friendRequests: [],
    } satisfies FriendsResponse);
    const status = onScreen(queryKeys.friendStatus(9), true);
    await settle();
    fakeSocket.serverSends('presence:changed', { user_id: 9, online: true });
    expect(client.getQueryData<FriendsResponse>(queryKeys.friends())!.friends[0].online).toBe(true);
    fakeSocket.serverSends('friends:changed', { user_id: 9 });
    await settle();
    expect([friends(), status()]).toEqual([2, 2]);
    fakeSocket.serverSends('chat:typing', { user_id: 9 });
    expect(useTypingStore.getState().until[9]).toBeGreaterThan(Date.now());
  });
});
