import { Inject, UseFilters } from '@nestjs/common';
import { WsAckExceptionFilter } from '../realtime/ws-ack-exception.filter';
import { ConnectedSocket, MessageBody, OnGatewayDisconnect, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { TYPING_SEND_INTERVAL_MS } from '@gotnext/shared';
import { FriendsRepository } from '../friends/friends.repository';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';
import { messageRefusal } from './message-permission';

/** A socket may announce typing to one player at most this often (clients send every 2 s). */
const MIN_GAP_MS = TYPING_SEND_INTERVAL_MS / 2;

/**
 * `chat:typing` on the realtime gateway's server (docs/social.md#typing): relayed to the other
 * player's `user:{id}` only when the typist could send them a message now (live, no block either
 * way, their allowMessages), at most once a second per socket and player.
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
export class TypingGateway implements OnGatewayDisconnect {
  private readonly lastSent = new Map<string, number>();

  constructor(
    private readonly friends: FriendsRepository,
    @Inject(REALTIME_SINK) private readonly sink: RealtimeSink,
  ) {}

  @SubscribeMessage('chat:typing')
  async typing(@ConnectedSocket() socket: Socket, @MessageBody() to: unknown): Promise<void> {
    const from = socket.data.userId as number | undefined;
    if (!from || !Number.isInteger(to) || (to as number) < 1 || (to as number) > 2_147_483_647 || to === from) return;
    const key = `${socket.id}:${to}`;
    const now = Date.now();
    if (now - (this.lastSent.get(key) ?? 0) < MIN_GAP_MS) return;
    this.lastSent.set(key, now);
    const rel = await this.friends.relation(from, to as number);
    if (rel && messageRefusal(rel) === null) this.sink.toUser(to as number, 'chat:typing', { user_id: from });
  }

  handleDisconnect(socket: Socket): void {
    for (const key of this.lastSent.keys()) if (key.startsWith(`${socket.id}:`)) this.lastSent.delete(key);
  }
}
