import { BadRequestException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { createValidationPipe } from '../common/validation.pipe';
import { SendLeagueChatDto } from '../leagues/dto/leagues.dto';
import { SendMessageDto } from '../messages/dto/messages.dto';
import { chatSendBody } from './chat-send-body';

/** What a call answers: the accepted fields, or the refusal's words. */
async function viaPipe(raw: unknown, dto: typeof SendMessageDto | typeof SendLeagueChatDto, id: string, text: string): Promise<unknown> {
  try {
    const body = await createValidationPipe().transform(raw, { type: 'body', metatype: dto });
    return { id: body[id as keyof typeof body], text: body[text as keyof typeof body] };
  } catch (err) {
    return (err as BadRequestException).getResponse();
  }
}

function viaCheck(raw: unknown, id: string, idMessage: string, text: string): unknown {
  try {
    return chatSendBody(raw, id, idMessage, text);
  } catch (err) {
    return (err as BadRequestException).getResponse();
  }
}

const bodies = (id: string, text: string): unknown[] => [
  { [id]: 7, [text]: 'hi' },
  { [id]: 7, [text]: '   ' },
  { [id]: 7, [text]: 42 },
  { [id]: 7, [text]: { nested: true } },
  { [id]: 7 },
  { [text]: 'hi' },
  {},
  { [id]: 0, [text]: 'hi' },
  { [id]: -1, [text]: 'hi' },
  { [id]: 1.5, [text]: 'hi' },
  { [id]: 2_147_483_647, [text]: 'hi' },
  { [id]: 2_147_483_648, [text]: 'hi' },
  { [id]: '7', [text]: 'hi' },
  { [id]: null, [text]: 'hi' },
  { [id]: [7], [text]: 'hi' },
  { [id]: { n: 7 }, [text]: 'hi' },
  { [id]: true, [text]: 'hi' },
  { [id]: 7, [text]: 'hi', sender_id: 3 },
  { sender_id: 3, [id]: 'x', [text]: 'hi' },
  { extra: 1, more: 2 },
  'not an object',
  42,
  true,
  null,
  undefined,
  [],
  ['a'],
];

describe('a chat send body over the socket is refused in the REST call’s words', () => {
  it.each([
    ['message:send', SendMessageDto, 'recipient_id', MSG.playerNotFound, 'content'],
    ['league-chat:send', SendLeagueChatDto, 'league_id', MSG.leagueNotFound, 'message'],
  ] as const)('%s answers as the ValidationPipe with its DTO, body for body', async (_event, dto, id, idMessage, text) => {
    for (const raw of bodies(id, text)) {
      expect([raw, viaCheck(raw, id, idMessage, text)]).toEqual([raw, await viaPipe(raw, dto, id, text)]);
    }
  });
});
