import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from './validation.pipe';

/*
 * For the specs of the hand-written body checks that stand in for the ValidationPipe on hot paths
 * (chat/chat-send-body.ts, matches/match-action-body.ts): each body goes through the pipe with its
 * DTO and through the check, and the two answers must be equal.
 */

/** What the ValidationPipe answers for `raw` with `dto`: the accepted fields (`accepted`), or the refusal's words. */
export async function pipeAnswer<T>(raw: unknown, dto: new () => T, accepted: (body: T) => unknown): Promise<unknown> {
  try {
    return accepted(await createValidationPipe().transform(raw, { type: 'body', metatype: dto }));
  } catch (err) {
    return (err as BadRequestException).getResponse();
  }
}

/** What a hand-written check answers: what it returns, or the refusal's words. */
export function checkAnswer(check: () => unknown): unknown {
  try {
    return check();
  } catch (err) {
    return (err as BadRequestException).getResponse();
  }
}

/**
 * Bodies around one id field: every wrong shape of the id, a field the DTO does not know
 * (`foreign`) before and after it, and what is not an object. `rest` completes a valid body.
 */
export function idFieldBodies(id: string, foreign: string, rest: Record<string, unknown> = {}): unknown[] {
  const ids: unknown[] = [0, -1, 1.5, 2_147_483_647, 2_147_483_648, '7', null, [7], { n: 7 }, true];
  return [
    { [id]: 7, ...rest },
    rest,
    {},
    ...ids.map((value) => ({ [id]: value, ...rest })),
    { [id]: 7, ...rest, [foreign]: 3 },
    { [foreign]: 3, [id]: 'x', ...rest },
    { extra: 1, more: 2 },
    'not an object',
    42,
    true,
    null,
    undefined,
    [],
    ['a'],
  ];
}
