import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, ROUTES, type DirectMessage } from '@gotnext/shared';
import { call } from '../api/client';
import { ApiError } from '../api/errors';
import { mockApi } from '../test/mockApi';
import { useAuthStore } from '../stores/auth';

/** A stand-in for the socket.io client: the test plays the server's side, acks included. */
const fakeSocket = vi.hoisted(() => {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  return {
    on: (event: string, fn: (...args: unknown[]) => void) => listeners.set(event, [...(listeners.get(event) ?? []), fn]),
    onAny: () => undefined,
    emit: () => undefined,
    connect: () => undefined,
    disconnect: () => undefined,
    removeAllListeners: () => listeners.clear(),
    active: false,
    connected: true,
    sent: [] as { event: string; body: unknown }[],
    answer: (_event: string, _body: unknown): Promise<unknown> => Promise.resolve(undefined),
    timeout() {
      return {
        emitWithAck: (event: string, body: unknown) => {
          this.sent.push({ event, body });
          return this.answer(event, body);
        },
      };
    },
    serverSends(event: string, ...args: unknown[]) {
      listeners.get(event)?.forEach((fn) => fn(...args));
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fakeSocket }));

const { startRealtime, sendChat } = await import('./index');
const { socketOpened } = await import('./socket');

const stored: DirectMessage = { id: 5, sender_id: 7, recipient_id: 9, message: 'Run at 6?', timestamp: '2026-11-23T10:00:00.000Z', read: false };
const overRest = () => call(ROUTES.sendMessage, { body: { recipient_id: 9, content: 'Run at 6?' }, fallback: MSG.sendFailed });
const send = () => sendChat('message:send', { recipient_id: 9, content: 'Run at 6?' }, overRest, MSG.sendFailed);

describe('sending a chat message (docs/social.md#sending-over-the-socket)', () => {
  beforeAll(() => startRealtime());
  beforeEach(async () => {
    fakeSocket.sent = [];
    useAuthStore.getState().login('token-7', 7);
    await socketOpened();
  });
  afterEach(() => useAuthStore.getState().logout());

  it('goes over REST while the socket is not connected', async () => {
    const api = mockApi().on(ROUTES.sendMessage, { status: 201, body: { message: MSG.messageSent, chat_message: stored } });
    expect(await send()).toEqual({ message: MSG.messageSent, chat_message: stored });
    expect(api.callsTo(ROUTES.sendMessage)).toHaveLength(1);
    expect(fakeSocket.sent).toEqual([]);
  });

  it('goes over the socket once the server said session:ready, and answers the acked message', async () => {
    const api = mockApi().on(ROUTES.sendMessage, { status: 201, body: { message: MSG.messageSent, chat_message: stored } });
    fakeSocket.serverSends('session:ready', { user_id: 7 });
    fakeSocket.answer = () => Promise.resolve({ ok: true, chat_message: stored });
    expect(await send()).toEqual({ chat_message: stored });
    expect(fakeSocket.sent).toEqual([{ event: 'message:send', body: { recipient_id: 9, content: 'Run at 6?' } }]);
    expect(api.callsTo(ROUTES.sendMessage)).toHaveLength(0);
  });

  it('a refusal in the ack is the error the REST call would give; a missing ack fails without a second send', async () => {
    const api = mockApi().on(ROUTES.sendMessage, { status: 201, body: { message: MSG.messageSent, chat_message: stored } });
    fakeSocket.serverSends('session:ready', { user_id: 7 });
    fakeSocket.answer = () => Promise.resolve({ ok: false, message: MSG.youBlocked });
    await expect(send()).rejects.toEqual(new ApiError(MSG.youBlocked, 400, MSG.youBlocked));
    fakeSocket.answer = () => Promise.reject(new Error('operation has timed out'));
    await expect(send()).rejects.toEqual(new ApiError(MSG.sendFailed, 0));
    expect(api.callsTo(ROUTES.sendMessage)).toHaveLength(0);
    expect(fakeSocket.sent).toHaveLength(2);
  });
});
