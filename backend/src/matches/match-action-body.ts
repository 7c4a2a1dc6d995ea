import { BadRequestException } from '@nestjs/common';
import { isDbId, MSG, type JoinTeamRequest } from '@gotnext/shared';

/** What POST /api/join-team names: the match, and the optional acting user id (checked by assertActor). */
export interface MatchActionBody extends Pick<JoinTeamRequest, 'match_id'> {
  /** As sent: the pipe does not convert it either, and assertActor refuses any that is not the caller. */
  user_id: unknown;
}

/**
 * The body of Change Team (POST /api/join-team, MatchActionDto: `{ match_id, user_id? }`),
 * refused with exactly the words the ValidationPipe gives for that DTO (match-action-body.spec.ts
 * holds the two side by side): an unknown field first, then a missing or invalid match id
 * (MSG.matchNotFound). Checked by hand, as the chat sends are (chat/chat-send-body.ts), because
 * class-transformer and class-validator were ~7 % of an API's CPU per change in the lobby bench
 * (docs/scaling.md#what-one-change-costs); the edge (input-edge) has already refused
 * prototype keys and bad characters.
 */
export function matchActionBody(raw: unknown): MatchActionBody {
  const body = (raw ?? {}) as Record<string, unknown>;
  const keys = typeof body === 'object' ? Object.keys(body) : [];
  for (const key of keys) if (key !== 'match_id' && key !== 'user_id') throw new BadRequestException({ message: MSG.unknownField(key) });
  const id = typeof body === 'object' ? body.match_id : undefined;
  if (!isDbId(id)) throw new BadRequestException({ message: MSG.matchNotFound });
  return { match_id: id, user_id: body.user_id };
}
