import { io, Socket } from 'socket.io-client';

/** A socket.io client as the browser opens it (websocket only, no automatic reconnect in tests); no token, no auth. */
export function connectSocket(url: string, token?: string): Socket {
  return io(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, forceNew: true, reconnection: false });
}

/** Resolves once the server has authenticated the socket and joined its user room. */
export function socketReady(s: Socket): Promise<{ user_id: number }> {
  return new Promise((ok, fail) => {
    s.once('session:ready', ok);
    s.once('connect_error', fail);
  });
}

/** Resolves with the server's refusal message; rejects if the socket is let in instead. */
export function socketRefused(s: Socket): Promise<string> {
  return new Promise((ok, fail) => {
    s.once('connect_error', (e) => ok(e.message));
    s.once('session:ready', () => fail(new Error('connected')));
  });
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
