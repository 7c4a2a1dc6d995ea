import { io, Socket } from 'socket.io-client';

/**
 * How a socket's handshake ended: the server's `session:ready` or its `connect_error`. Listened for
 * from the moment the socket is created, so a handshake that finishes before the test awaits it is
 * not missed (on a busy machine a second socket is often ready while the test awaits the first).
 */
const handshakes = new WeakMap<Socket, Promise<{ ready: { user_id: number } } | { refused: Error }>>();

/**
 * A socket.io client as the browser opens it (websocket only, no automatic reconnect in tests); no
 * token, no auth. `origin` sends the Origin header a browser page on that origin would.
 */
export function connectSocket(url: string, token?: string, options: { origin?: string } = {}): Socket {
  const s = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    forceNew: true,
    reconnection: false,
    ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
  });
  handshakes.set(
    s,
    new Promise((done) => {
      s.once('session:ready', (ready: { user_id: number }) => done({ ready }));
      s.once('connect_error', (refused: Error) => done({ refused }));
    }),
  );
  return s;
}

function handshake(s: Socket) {
  const h = handshakes.get(s);
  if (!h) throw new Error('socket not opened with connectSocket');
  return h;
}

/** Resolves once the server has authenticated the socket and joined its user room. */
export async function socketReady(s: Socket): Promise<{ user_id: number }> {
  const h = await handshake(s);
  if ('refused' in h) throw h.refused;
  return h.ready;
}

/** Resolves with the server's refusal message; rejects if the socket is let in instead. */
export async function socketRefused(s: Socket): Promise<string> {
  const h = await handshake(s);
  if ('ready' in h) throw new Error('connected');
  return h.refused.message;
}

/** The next `event` on `s`, or a rejection after `timeoutMs`. */
export function nextEvent<T>(s: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      ok(payload);
    });
  });
}

/** Resolves with the reason once the socket is disconnected (at once if it already is). */
export function disconnected(s: Socket): Promise<string> {
  return s.disconnected && s.id === undefined && !s.active ? Promise.resolve('io client disconnect') : new Promise((ok) => s.once('disconnect', (reason) => ok(reason)));
}

/** The sockets a test file opened, to close them all before its environment closes. */
export function socketTracker(): { track: (s: Socket) => Socket; closeAll: () => void } {
  const sockets: Socket[] = [];
  return { track: (s) => (sockets.push(s), s), closeAll: () => sockets.forEach((s) => s.close()) };
}
