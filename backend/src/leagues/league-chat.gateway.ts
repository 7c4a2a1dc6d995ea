import { UseFilters } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { MSG, type ChatSendResult, type LeagueChatMessage } from '@gotnext/shared';
import { chatSendBody } from '../chat/chat-send-body';
import { SocketFastPath } from '../realtime/socket-fast-path';
import { WsAckExceptionFilter } from '../realtime/ws-ack-exception.filter';
import { LeagueChatService } from './league-chat.service';

/**
 * `league-chat:send` on the realtime gateway's server (docs/leagues.md#chat,
 * docs/social.md#sending-over-the-socket): POST /api/leagues/chat over the socket, with the same
 * body, validation (chatSendBody, in the words of SendLeagueChatDto), membership rule and rate
 * limit, acked after the row committed.
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
export class LeagueChatGateway {
  constructor(
    private readonly chat: LeagueChatService,
    fastPath: SocketFastPath,
  ) {
    // Past Nest's per-call pipeline, with the same acks (docs/realtime.md#the-chat-fast-path).
    fastPath.handle('league-chat:send', (socket, raw) => this.send(socket, raw));
  }

  @SubscribeMessage('league-chat:send')
  async send(@ConnectedSocket() socket: Socket, @MessageBody() raw: unknown): Promise<ChatSendResult<LeagueChatMessage>> {
    const { id, text } = chatSendBody(raw, 'league_id', MSG.leagueNotFound, 'message');
    const { chat_message } = await this.chat.send(socket.data.userId as number, id, text);
    return { ok: true, chat_message };
  }
}
