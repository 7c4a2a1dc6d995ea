import { UseFilters, UsePipes } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { ChatSendResult, LeagueChatMessage } from '@gotnext/shared';
import { createValidationPipe } from '../common/validation.pipe';
import { WsAckExceptionFilter } from '../realtime/ws-ack-exception.filter';
import { SendLeagueChatDto } from './dto/leagues.dto';
import { LeagueChatService } from './league-chat.service';

/**
 * `league-chat:send` on the realtime gateway's server (docs/leagues.md#chat,
 * docs/social.md#sending-over-the-socket): POST /api/leagues/chat over the socket, with the same
 * body, validation, membership rule and rate limit, acked after the row committed.
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
@UsePipes(createValidationPipe())
export class LeagueChatGateway {
  constructor(private readonly chat: LeagueChatService) {}

  @SubscribeMessage('league-chat:send')
  async send(@ConnectedSocket() socket: Socket, @MessageBody() body: SendLeagueChatDto): Promise<ChatSendResult<LeagueChatMessage>> {
    const { chat_message } = await this.chat.send(socket.data.userId as number, body.league_id, body.message);
    return { ok: true, chat_message };
  }
}
