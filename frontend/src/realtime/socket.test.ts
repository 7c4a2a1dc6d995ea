import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@gotnext/shared';
import { mockApi } from '../test/mockApi';
import { useAuthStore } from '../stores/auth';

/** A stand-in for the socket.io client: the test plays the server's side of it. */
const fakeSocket = vi.hoisted(() => {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  return {
    on: (event: string, fn: (...args: unknown[]) => void) => listeners.set(event, [...(listeners.get(event) ?? []), fn]),
    onAny: () => undefined,
    emit: () => undefined,
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: () => listeners.clear(),
    active: false,
    connected: false,
    serverSends(event: string, ...args: unknown[]) {
      listeners.get(event)?.forEach((fn) => fn(...args));
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fakeSocket }));

const { startRealtime } = await import('./index');
const { useSocketStatusStore, socketOpened } = await import('./socket');

describe('when the server closes the socket (docs/realtime.md#sessions-and-sockets)', () => {
  beforeAll(() => startRealtime());
  beforeEach(async () => {
    vi.useFakeTimers();
    fakeSocket.connect.mockClear();
    useAuthStore.getState().login('token-7', 7);
    await socketOpened();
    fakeSocket.serverSends('session:ready', { user_id: 7 });
  });
  afterEach(() => {
    vi.useRealTimers();
    useAuthStore.getState().logout();
  });

  it('asks whether the session is still good, and reconnects with the current token when it is', async () => {
    const api = mockApi().on(ROUTES.me, { body: { user: { user_id: 7 } } });
    fakeSocket.serverSends('disconnect', 'io server disconnect');
    expect(useSocketStatusStore.getState().connected).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.callsTo(ROUTES.me)).toHaveLength(1);
    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().token).toBe('token-7');
  });

  it('logs out when the session has ended', async () => {
    mockApi().on(ROUTES.me, { status: 401, body: { message: 'Your session has expired. Please log in again.' } });
    fakeSocket.serverSends('disconnect', 'io server disconnect');
    await vi.advanceTimersByTimeAsync(2000);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('counts itself disconnected when told Redis is away, so live screens poll', () => {
    expect(useSocketStatusStore.getState().connected).toBe(true);
    fakeSocket.serverSends('system:degraded', { reason: 'redis' });
    expect(useSocketStatusStore.getState().connected).toBe(false);
  });
});

describe('when the network comes back (docs/realtime.md#offline)', () => {
  beforeAll(() => startRealtime());
  beforeEach(async () => {
    fakeSocket.connect.mockClear();
    fakeSocket.disconnect.mockClear();
    useAuthStore.getState().login('token-8', 8);
    await socketOpened();
  });
  afterEach(() => {
    fakeSocket.active = false;
    fakeSocket.connected = false;
    useAuthStore.getState().logout();
  });

  it('starts a fresh attempt at once, even while socket.io waits out its back-off', () => {
    fakeSocket.active = true; // reconnecting, between attempts
    window.dispatchEvent(new Event('online'));
    expect(fakeSocket.disconnect).toHaveBeenCalledTimes(1);
    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);
    expect(fakeSocket.disconnect.mock.invocationCallOrder[0]).toBeLessThan(fakeSocket.connect.mock.invocationCallOrder[0]);
  });

  it('does the same when the page is shown again, and leaves a connected socket alone', () => {
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);
    fakeSocket.connected = true;
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);
  });
});
