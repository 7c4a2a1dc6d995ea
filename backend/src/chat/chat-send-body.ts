import { BadRequestException } from '@nestjs/common';
import { isDbId, MSG } from '@gotnext/shared';

/** What a chat send names (a recipient, a league) and its raw text, as `chatText` then checks it. */
export interface ChatSendBody {
  id: number;
  text: unknown;
}

/**
 * The body of a chat send, over the socket (`message:send`, `league-chat:send`) and over HTTP
 * (POST /api/send-message, /api/leagues/chat; docs/social.md#sending-over-the-socket):
 * `{ [idField]: a database id, [textField]: anything }`,
 * refused with exactly the words the REST call's ValidationPipe gives for its DTO (SendMessageDto,
 * SendLeagueChatDto; chat-send-body.spec.ts holds the two side by side): an unknown field first,
 * then a missing or invalid id. Checked by hand because class-transformer and class-validator
 * were ~5 % of the API's CPU per socket message (bench/chat.bench.mjs); the edge (SocketLimits
 * on the socket, input-edge over HTTP, both inputProblem) has already refused prototype keys and
 * bad characters.
 */
export function chatSendBody(raw: unknown, idField: string, idMessage: string, textField: string): ChatSendBody {
  const body = (raw ?? {}) as Record<string, unknown>;
  const keys = typeof body === 'object' ? Object.keys(body) : [];
  for (const key of keys) if (key !== idField && key !== textField) throw new BadRequestException({ message: MSG.unknownField(key) });
  const id = typeof body === 'object' ? body[idField] : undefined;
  if (!isDbId(id)) throw new BadRequestException({ message: idMessage });
  return { id, text: body[textField] };
}
