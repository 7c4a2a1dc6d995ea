import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '../common/validation.pipe';
import { MatchActionDto } from './dto/match.dto';
import { matchActionBody } from './match-action-body';

/** What a call answers: the accepted fields, or the refusal's words. */
async function viaPipe(raw: unknown): Promise<unknown> {
  try {
    const body = await createValidationPipe().transform(raw, { type: 'body', metatype: MatchActionDto });
    return { match_id: body.match_id, user_id: body.user_id };
  } catch (err) {
    return (err as BadRequestException).getResponse();
  }
}

function viaCheck(raw: unknown): unknown {
  try {
    return matchActionBody(raw);
  } catch (err) {
    return (err as BadRequestException).getResponse();
  }
}

const bodies: unknown[] = [
  { match_id: 7 },
  { match_id: 7, user_id: 3 },
  { match_id: 7, user_id: '3' },
  { match_id: 7, user_id: null },
  { match_id: 7, user_id: { n: 1 } },
  { user_id: 3 },
  {},
  { match_id: 0 },
  { match_id: -1 },
  { match_id: 1.5 },
  { match_id: 2_147_483_647 },
  { match_id: 2_147_483_648 },
  { match_id: '7' },
  { match_id: null },
  { match_id: [7] },
  { match_id: { n: 7 } },
  { match_id: true },
  { match_id: 7, team: 'A' },
  { team: 'A', match_id: 'x' },
  { match_id: 'x', team: 'A' },
  { extra: 1, more: 2 },
  'not an object',
  42,
  true,
  null,
  undefined,
  [],
  ['a'],
];

describe('a Change Team body is refused in the ValidationPipe’s words', () => {
  it('answers as the ValidationPipe with MatchActionDto, body for body', async () => {
    for (const raw of bodies) {
      expect([raw, viaCheck(raw)]).toEqual([raw, await viaPipe(raw)]);
    }
  });
});
