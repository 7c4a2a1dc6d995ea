import { checkAnswer, idFieldBodies, pipeAnswer } from '../common/validation-parity.spec-support';
import { MatchActionDto } from './dto/match.dto';
import { matchActionBody } from './match-action-body';

const bodies: unknown[] = [
  ...idFieldBodies('match_id', 'team'),
  { match_id: 7, user_id: 3 },
  { match_id: 7, user_id: '3' },
  { match_id: 7, user_id: null },
  { match_id: 7, user_id: { n: 1 } },
  { match_id: 'x', team: 'A' },
];

describe('a Change Team body is refused in the ValidationPipe’s words', () => {
  it('answers as the ValidationPipe with MatchActionDto, body for body', async () => {
    for (const raw of bodies) {
      const viaPipe = await pipeAnswer(raw, MatchActionDto, (body) => ({ match_id: body.match_id, user_id: body.user_id }));
      expect([raw, checkAnswer(() => matchActionBody(raw))]).toEqual([raw, viaPipe]);
    }
  });
});
