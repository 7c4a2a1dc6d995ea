import { UseFilters } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayDisconnect, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { RoomJoinResult } from '@gotnext/shared';
import { WsAckExceptionFilter } from '../realtime/ws-ack-exception.filter';
import { InviteSignalRefused, MatchInvitesService } from './match-invites.service';

/** One signal per socket and code in this window: the verification page re-sends it on each (re)connect. */
const MIN_GAP_MS = 5_000;

/**
 * `invite:verifying` on the realtime gateway's server (docs/matches.md#invite-preview): an invitee
 * who holds the code tells the match's lobby they are verifying their ID. The server checks the
 * code (an open match, the sender not in it and not verified yet); the push itself goes out from
 * realtime.listeners.ts like every room push.
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
export class InviteVerifyingGateway implements OnGatewayDisconnect {
  private readonly lastSent = new Map<string, number>();

  constructor(private readonly invites: MatchInvitesService) {}

  @SubscribeMessage('invite:verifying')
  async verifying(@ConnectedSocket() socket: Socket, @MessageBody() code: unknown): Promise<RoomJoinResult> {
    const userId = socket.data.userId as number | undefined;
    if (!userId || typeof code !== 'string') return { ok: false, message: 'Send the invite code.' };
    const key = `${socket.id}:${code.toUpperCase()}`;
    const now = Date.now();
    if (now - (this.lastSent.get(key) ?? 0) < MIN_GAP_MS) return { ok: true };
    this.lastSent.set(key, now);
    try {
      await this.invites.verifying(userId, code);
      return { ok: true };
    } catch (err) {
      if (err instanceof InviteSignalRefused) return { ok: false, message: err.message };
      throw err;
    }
  }

  handleDisconnect(socket: Socket): void {
    for (const key of this.lastSent.keys()) if (key.startsWith(`${socket.id}:`)) this.lastSent.delete(key);
  }
}
