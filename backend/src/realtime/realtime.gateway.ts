import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer, ConnectedSocket, MessageBody } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { rooms, type ClientToServerEvents, type RoomJoinResult, type ServerToClientEvents } from '@gotnext/shared';
import { Authenticator } from '../common/auth/authenticated-user';
import { RealtimePublisher } from './realtime.publisher';
import { RoomAccess } from './room-access';

type Data = { userId: number; sessionId: string };
type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, Data>;

/**
 * The one Socket.IO gateway. The token is checked at the handshake (a missing, forged, expired or
 * revoked one gets connect_error), each socket joins its own `user:{id}` room, and any other room
 * is joined only after RoomAccess says yes.
 */
@WebSocketGateway({ path: '/socket.io' })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server: Server;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly publisher: RealtimePublisher,
    private readonly access: RoomAccess,
  ) {}

  afterInit(server: Server): void {
    this.publisher.attach(server);
    server.use(async (socket, next) => {
      const token = socket.handshake.auth?.token ?? undefined;
      const user = await this.authenticator.authenticate(typeof token === 'string' ? token : null).catch(() => null);
      if (!user) return next(new Error('Unauthorized'));
      socket.data.userId = user.id;
      socket.data.sessionId = user.sessionId;
      next();
    });
  }

  async handleConnection(socket: TypedSocket): Promise<void> {
    const { userId } = socket.data;
    await socket.join(rooms.user(userId));
    socket.emit('session:ready', { user_id: userId });
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
    if (typeof room === 'string' && room !== rooms.user(socket.data.userId)) await socket.leave(room);
    return { ok: true };
  }
}
