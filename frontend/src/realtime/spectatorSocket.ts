import { SPECTATOR_SOCKET_AUTH, type ServerToClientEvents } from '@gotnext/shared';
import { API_BASE } from '../api/config';
import type { AppSocket } from './socket';

type ScoreboardPushes = Pick<ServerToClientEvents, 'score:event' | 'scoreboard:state' | 'scoreboard:complete'>;

/**
 * A visitor's socket for one public scoreboard (docs/realtime.md#the-scoreboard-offline): without a
 * login the app opens no socket, so the spectator page opens this one, with the spectator handshake
 * (it may only watch), and joins the scoreboard's room by its link token, again after each
 * reconnect. `onWatching` says whether pushes reach the page (else it polls). Returns the close.
 */
export function watchAsVisitor(token: string, pushes: ScoreboardPushes, onWatching: (watching: boolean) => void): () => void {
  let socket: AppSocket | null = null;
  let closed = false;
  // Back online: try at once, not after socket.io's back-off (docs/realtime.md#offline).
  const online = () => {
    if (socket && !socket.connected) {
      socket.disconnect();
      socket.connect();
    }
  };
  window.addEventListener('online', online);
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    const options = { path: '/socket.io', transports: ['websocket', 'polling'], auth: { ...SPECTATOR_SOCKET_AUTH }, reconnectionDelay: 500, reconnectionDelayMax: 5000 };
    const s: AppSocket = API_BASE ? io(API_BASE, options) : io(options);
    socket = s;
    s.on('connect', () => s.emit('scoreboard:watch', token, (result) => onWatching(result.ok)));
    s.on('disconnect', () => onWatching(false));
    s.on('score:event', pushes['score:event']);
    s.on('scoreboard:state', pushes['scoreboard:state']);
    s.on('scoreboard:complete', pushes['scoreboard:complete']);
  });
  return () => {
    closed = true;
    window.removeEventListener('online', online);
    socket?.removeAllListeners();
    socket?.disconnect();
    onWatching(false);
  };
}
