import { BadRequestException } from '@nestjs/common';
import { isDbId, MSG } from '@gotnext/shared';

/**
 * A body of two fields, a database id and one other, checked by hand with exactly the words the
 * ValidationPipe gives for its DTO: an unknown field first, then a missing or invalid id
 * (`idMessage`); the other field as sent, for the caller to check. The hot calls use it instead of
 * the pipe (chat/chat-send-body.ts, matches/match-action-body.ts, whose specs hold each beside its
 * DTO's answers): class-transformer and class-validator were ~5 % of an API's CPU per chat message
 * and ~7 % per lobby change (bench/chat.bench.mjs, docs/scaling.md#what-one-change-costs). The
 * edge (input-edge over HTTP, SocketLimits on the socket) has already refused prototype keys and
 * bad characters.
 */
export function idBody(raw: unknown, idField: string, idMessage: string, otherField: string): { id: number; other: unknown } {
  const body = (raw ?? {}) as Record<string, unknown>;
  const keys = typeof body === 'object' ? Object.keys(body) : [];
  for (const key of keys) if (key !== idField && key !== otherField) throw new BadRequestException({ message: MSG.unknownField(key) });
  const id = typeof body === 'object' ? body[idField] : undefined;
  if (!isDbId(id)) throw new BadRequestException({ message: idMessage });
  return { id, other: body[otherField] };
}
