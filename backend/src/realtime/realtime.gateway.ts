import { Inject, Logger, UseFilters } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer, ConnectedSocket, MessageBody } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { rooms, SPECTATOR_SOCKET_EVENTS, type ClientToServerEvents, type RoomJoinResult, type ServerToClientEvents } from '@gotnext/shared';
import { Authenticator } from '../common/auth/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { RealtimePublisher } from './realtime.publisher';
import { RoomAccess } from './room-access';
import { sessionRoom } from './realtime-sink';
import { atTime, SocketLimits } from './socket-limits';
import { forgetHandshake } from './socket-memory';
import { WsAckExceptionFilter } from './ws-ack-exception.filter';

/** A spectator's socket (no login, docs/matches.md#witnessed-score) has userId 0 and `spectator` set. */
type Data = { userId: number; sessionId: string; expiresAt: number; spectator?: boolean };
type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, Data>;
const CANCEL_EXPIRY = Symbol('cancel token expiry');
/** A spectator's socket lives this long, then reconnects. */
const SPECTATOR_SOCKET_MS = 24 * 3_600_000;
type ExpiringSocket = { [CANCEL_EXPIRY]?: () => void };

/**
 * The one Socket.IO gateway. The token is checked at the handshake (a missing, forged, expired or
 * revoked one gets connect_error), each socket joins its own `user:{id}` room and its session's
 * room, and any other room is joined only after RoomAccess says yes. A socket lives as long as
 * its session: logout closes it (session room), and so does its token's expiry. Every event
 * passes the per-socket limits first, and every handler answers its ack, failures included.
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');
  private readonly limits: SocketLimits;
  private readonly onDisconnect: (this: TypedSocket) => void;
  @WebSocketServer() server: Server;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly publisher: RealtimePublisher,
    private readonly access: RoomAccess,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = new SocketLimits(config.SOCKET_EVENTS_PER_SECOND);
    // One listener for every socket (called with the socket as `this`), not a `once` wrapper and
    // closure per socket (docs/realtime.md#memory-per-socket).
    const limits = this.limits;
    this.onDisconnect = function (this: TypedSocket) {
      limits.forget(this as unknown as Socket);
      (this as ExpiringSocket)[CANCEL_EXPIRY]?.();
    };
  }

  afterInit(server: Server): void {
    this.publisher.attach(server);
    // Socket.IO ignores a middleware's promise: the check ends in next() either way, never in a rejection.
    server.use((socket, next) => {
      const token = socket.handshake.auth?.token ?? undefined;
      if (token === undefined && socket.handshake.auth?.spectator === true) {
        Object.assign(socket.data, { userId: 0, sessionId: '', expiresAt: Date.now() + SPECTATOR_SOCKET_MS, spectator: true });
        return next();
      }
      void this.authenticator
        .authenticate(typeof token === 'string' ? token : null)
        .catch(() => null)
        .then((user) => {
          if (!user) return next(new Error('Unauthorized'));
          socket.data.userId = user.id;
          socket.data.sessionId = user.sessionId;
          socket.data.expiresAt = user.expiresAt;
          next();
        });
    });
  }

  async handleConnection(socket: TypedSocket): Promise<void> {
    if (socket.data.spectator) return this.spectatorConnected(socket);
    const { userId, sessionId, expiresAt } = socket.data;
    // The handshake is built and checked: the upgrade request (headers, its buffers) and the token
    // are not needed any more (docs/realtime.md#memory-per-socket).
    forgetHandshake(socket as unknown as Socket);
    this.limits.guard(socket as unknown as Socket);
    // The token's expiry ends the socket too: the client must come back with a fresh token.
    (socket as ExpiringSocket)[CANCEL_EXPIRY] = atTime(expiresAt, () => {
      socket.emit('session:revoked', { reason: 'expired' });
      socket.disconnect(true);
    });
    socket.on('disconnect', this.onDisconnect);
    await socket.join([rooms.user(userId), sessionRoom(sessionId)]);
    socket.emit('session:ready', { user_id: userId });
  }

  /** A link's viewer: limited like any socket, no rooms of its own, only the scoreboard events; closed after a day. */
  private spectatorConnected(socket: TypedSocket): void {
    forgetHandshake(socket as unknown as Socket);
    this.limits.guard(socket as unknown as Socket);
    socket.use((packet, next) => {
      if ((SPECTATOR_SOCKET_EVENTS as readonly string[]).includes(packet[0])) return next();
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') (ack as (r: RoomJoinResult) => void)({ ok: false, message: 'Log in to do this.' });
    });
    (socket as ExpiringSocket)[CANCEL_EXPIRY] = atTime(socket.data.expiresAt, () => socket.disconnect(true));
    socket.on('disconnect', this.onDisconnect);
  }

  @SubscribeMessage('room:join')
  async join(@ConnectedSocket() socket: TypedSocket, @MessageBody() room: unknown): Promise<RoomJoinResult> {
    const refuse = (): RoomJoinResult => {
      this.logger.warn(`user ${socket.data.userId} refused room ${String(room).slice(0, 40)}`);
      return { ok: false, message: 'You may not join this room.' };
    };
    if (!(await this.access.mayJoin(socket.data.userId, room))) return refuse();
    await socket.join(room as string);
    // Asked again once in: a membership that ended between the check and the join (its
    // after-commit leave may already have run) must not leave the socket listening.
    if (!(await this.access.mayJoin(socket.data.userId, room))) {
      await socket.leave(room as string);
      return refuse();
    }
    return { ok: true };
  }

  @SubscribeMessage('room:leave')
  async leave(@ConnectedSocket() socket: TypedSocket, @MessageBody() room: unknown): Promise<RoomJoinResult> {
    if (typeof room === 'string' && room !== rooms.user(socket.data.userId) && room !== sessionRoom(socket.data.sessionId)) await socket.leave(room);
    return { ok: true };
  }
}
