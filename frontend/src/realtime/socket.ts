import type { Socket, io as ioFunction } from 'socket.io-client';
import { create } from 'zustand';
import type { ClientToServerEvents, ServerToClientEvents } from '@gotnext/shared';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../api/client';
import { API_BASE } from '../api/config';
import { useAuthStore } from '../stores/auth';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketStatusState {
  /** True from the server's `session:ready` until the next disconnect. */
  connected: boolean;
  /** Bumped on every `session:ready`, so screens can reload once after a reconnect. */
  sessionCount: number;
  /** The browser's own idea of the network (navigator.onLine and its online/offline events). */
  online: boolean;
}

export const useSocketStatusStore = create<SocketStatusState>(() => ({ connected: false, sessionCount: 0, online: typeof navigator === 'undefined' ? true : navigator.onLine }));

let socket: AppSocket | null = null;
let socketToken: string | null = null;

type AnyHandler = (...args: unknown[]) => void;
const handlers = new Map<string, Set<AnyHandler>>();

/**
 * Listens to one server event on whichever socket is open, now and after every reconnect or new
 * login, until the returned function is called. The query bridge is its one user (realtime/queryBridge.ts).
 */
export function onServerEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  const h = handler as AnyHandler;
  set.add(h);
  return () => set.delete(h);
}

function setConnected(connected: boolean): void {
  // "Connected" means the server has authenticated us and joined our rooms (it says so with
  // session:ready), not merely that the transport is open: only then will pushes reach us.
  useSocketStatusStore.setState((s) => ({ connected, sessionCount: connected ? s.sessionCount + 1 : s.sessionCount }));
  window.__gotnextSocketConnected = connected;
}

function openSocket(io: typeof ioFunction, token: string): AppSocket {
  const options = {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: { token },
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
  };
  const s: AppSocket = API_BASE ? io(API_BASE, options) : io(options);
  let refusals = 0;
  /**
   * The server refused the handshake or closed the socket itself (a logout in another tab, an
   * expired token, Redis away, too many events): socket.io does not retry those. After a back-off,
   * ask HTTP whether the session is still good: a 401 there logs out (and closes this socket);
   * anything else means reconnect with the current token.
   */
  const retryLater = () => {
    refusals += 1;
    const delay = Math.min(30_000, 1000 * 2 ** Math.min(refusals, 5));
    window.setTimeout(() => {
      if (socket !== s) return;
      call(ROUTES.me, { fallback: MSG.fetchUserFailed })
        .catch(() => undefined)
        .finally(() => {
          if (socket === s && !s.connected) s.connect();
        });
    }, delay);
  };
  s.on('session:ready', () => {
    refusals = 0;
    setConnected(true);
  });
  // Redis is away on the server: pushes cannot reach us, so live screens poll (docs/realtime.md#when-redis-is-away).
  s.on('system:degraded', () => setConnected(false));
  s.on('disconnect', (reason) => {
    setConnected(false);
    if (reason === 'io server disconnect') retryLater();
  });
  s.on('connect_error', () => {
    setConnected(false);
    // Network trouble: socket.io keeps retrying by itself (s.active). A refusal does not.
    if (!s.active) retryLater();
  });
  s.onAny((event: string, ...args: unknown[]) => handlers.get(event)?.forEach((h) => h(...args)));
  return s;
}

function closeSocket(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  socketToken = null;
  setConnected(false);
}

// The socket client is fetched only once someone is logged in, so a visitor's first page does
// not download it (docs/api.md#compression).
let ioLoading: Promise<typeof ioFunction> | null = null;
const loadIo = () => (ioLoading ??= import('socket.io-client').then((m) => m.io));

/** Keeps exactly one socket open per logged-in token, and none when logged out. */
function syncWithSession(token: string | null): void {
  if (token === socketToken) return;
  closeSocket();
  if (token) {
    socketToken = token;
    // A logout or another login while the client loads wins: only the current token opens one.
    void loadIo().then((io) => {
      if (socketToken === token && !socket) socket = openSocket(io, token);
    });
  }
}

/** Resolves once the socket client is loaded and the socket for the current token exists (tests). */
export async function socketOpened(): Promise<void> {
  await loadIo();
}

/**
 * A fresh connection attempt now, unless the socket is connected. socket.io may be waiting out its
 * back-off (up to reconnectionDelayMax, and growing with each failure while the network was away)
 * or on an attempt begun before the network came back, which hangs until the connect timeout:
 * either way it starts over at once.
 */
function reconnectNow(): void {
  if (!socket || socket.connected) return;
  socket.disconnect();
  socket.connect();
}

/**
 * The network went away: the socket cannot work, and socket.io would only notice at its next
 * missed ping (up to 45 s), so it is closed now and every screen knows at once
 * (docs/realtime.md#offline). When the network is back, or the page is shown again (a phone wakes
 * its tab), it reconnects at once, and session:ready makes the live screens read again.
 */
function followNetwork(): void {
  window.addEventListener('offline', () => {
    useSocketStatusStore.setState({ online: false });
    if (socket) {
      socket.disconnect();
      setConnected(false);
    }
  });
  window.addEventListener('online', () => {
    useSocketStatusStore.setState({ online: true });
    reconnectNow();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) reconnectNow();
  });
}

let started = false;

/** Called once at boot: follows the auth store for the life of the page. */
export function startRealtime(): void {
  if (started) return;
  started = true;
  window.__gotnextSocketConnected = false;
  followNetwork();
  syncWithSession(useAuthStore.getState().token);
  useAuthStore.subscribe((state) => syncWithSession(state.token));
}

/** The live socket, or null when logged out. Listen with onServerEvent rather than holding it. */
export function getSocket(): AppSocket | null {
  return socket;
}
