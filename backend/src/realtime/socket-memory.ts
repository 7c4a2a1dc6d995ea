import { ServerResponse } from 'node:http';
import type { Server, Socket } from 'socket.io';

/**
 * What an idle socket must not keep once its handshake is checked
 * (docs/realtime.md#memory-per-socket). Nothing of ours reads the upgrade request, its headers,
 * its query or the token (socket.data holds what the gateways need) after the connection.
 */
const NOTHING = Object.freeze({});

/**
 * engine.io wraps each WebSocket upgrade in a response object for its middlewares and leaves it
 * listening on the TCP socket's `close`, so it holds the upgrade request (headers, raw headers, its
 * stream state) for the socket's whole life. This engine middleware unhooks the request from that
 * response; the handshake is built from the request itself, which engine.io still passes on.
 */
export function releaseUpgradeRequests(server: Server): void {
  server.engine.use((_req: unknown, res: unknown, next: () => void) => {
    if (!(res instanceof ServerResponse)) (res as { req: unknown }).req = null;
    next();
  });
}

/** Drops the handshake's request data from a connected, authenticated socket. */
export function forgetHandshake(socket: Socket): void {
  (socket.conn as unknown as { request: unknown }).request = null;
  const handshake = socket.handshake as unknown as Record<string, unknown>;
  handshake.headers = NOTHING;
  handshake.query = NOTHING;
  handshake.auth = NOTHING;
}
