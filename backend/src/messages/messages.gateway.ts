import { UseFilters } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { MSG, type ChatSendResult, type DirectMessage } from '@gotnext/shared';
import { chatSendBody } from '../chat/chat-send-body';
import { SocketFastPath } from '../realtime/socket-fast-path';
import { WsAckExceptionFilter } from '../realtime/ws-ack-exception.filter';
import { MessagesService } from './messages.service';

/**
 * `message:send` on the realtime gateway's server (docs/social.md#sending-over-the-socket): the
 * same body, validation, rules and rate limit as POST /api/send-message, through the same
 * service. The sender is the socket's user (checked at the handshake; the socket is closed when
 * its session ends), so a message costs no token check and no HTTP request. The body is checked
 * by chatSendBody, in the words of the REST call's SendMessageDto. The ack comes after the row
 * committed; a refusal is acked `{ ok: false, message }` in the REST call's words.
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
export class MessagesGateway {
  constructor(
    private readonly messages: MessagesService,
    fastPath: SocketFastPath,
  ) {
    // Past Nest's per-call pipeline, with the same acks (docs/realtime.md#the-chat-fast-path).
    fastPath.handle('message:send', (socket, raw) => this.send(socket, raw));
  }

  @SubscribeMessage('message:send')
  async send(@ConnectedSocket() socket: Socket, @MessageBody() raw: unknown): Promise<ChatSendResult<DirectMessage>> {
    const { id, text } = chatSendBody(raw, 'recipient_id', MSG.playerNotFound, 'content');
    const { chat_message } = await this.messages.send(socket.data.userId as number, id, text);
    return { ok: true, chat_message };
  }
}
