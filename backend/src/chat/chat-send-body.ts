import { idBody } from '../common/input/id-body';

/** What a chat send names (a recipient, a league) and its raw text, as `chatText` then checks it. */
export interface ChatSendBody {
  id: number;
  text: unknown;
}

/**
 * The body of a chat send, over the socket (`message:send`, `league-chat:send`) and over HTTP
 * (POST /api/send-message, /api/leagues/chat; docs/social.md#sending-over-the-socket):
 * `{ [idField]: a database id, [textField]: anything }`, refused with exactly the words the REST
 * call's ValidationPipe gives for its DTO (SendMessageDto, SendLeagueChatDto; chat-send-body.spec.ts
 * holds the two side by side) by `idBody`.
 */
export function chatSendBody(raw: unknown, idField: string, idMessage: string, textField: string): ChatSendBody {
  const { id, other } = idBody(raw, idField, idMessage, textField);
  return { id, text: other };
}
