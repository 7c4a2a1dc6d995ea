import { MSG } from '@gotnext/shared';
import { checkAnswer, idFieldBodies, pipeAnswer } from '../common/validation-parity.spec-support';
import { SendLeagueChatDto } from '../leagues/dto/leagues.dto';
import { SendMessageDto } from '../messages/dto/messages.dto';
import { chatSendBody } from './chat-send-body';

const bodies = (id: string, text: string): unknown[] => [
  ...idFieldBodies(id, 'sender_id', { [text]: 'hi' }),
  { [id]: 7, [text]: '   ' },
  { [id]: 7, [text]: 42 },
  { [id]: 7, [text]: { nested: true } },
  { [id]: 7 },
];

describe('a chat send body over the socket is refused in the REST call’s words', () => {
  it.each([
    ['message:send', SendMessageDto, 'recipient_id', MSG.playerNotFound, 'content'],
    ['league-chat:send', SendLeagueChatDto, 'league_id', MSG.leagueNotFound, 'message'],
  ] as const)('%s answers as the ValidationPipe with its DTO, body for body', async (_event, dto, id, idMessage, text) => {
    for (const raw of bodies(id, text)) {
      const viaPipe = await pipeAnswer<object>(raw, dto, (body) => ({ id: body[id as keyof typeof body], text: body[text as keyof typeof body] }));
      expect([raw, checkAnswer(() => chatSendBody(raw, id, idMessage, text))]).toEqual([raw, viaPipe]);
    }
  });
});
