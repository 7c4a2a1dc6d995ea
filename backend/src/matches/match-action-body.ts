import { MSG, type JoinTeamRequest } from '@gotnext/shared';
import { idBody } from '../common/input/id-body';

/** What POST /api/join-team names: the match, and the optional acting user id (checked by assertActor). */
export interface MatchActionBody extends Pick<JoinTeamRequest, 'match_id'> {
  /** As sent: the pipe does not convert it either, and assertActor refuses any that is not the caller. */
  user_id: unknown;
}

/**
 * The body of Change Team (POST /api/join-team, MatchActionDto: `{ match_id, user_id? }`), refused
 * with exactly the words the ValidationPipe gives for that DTO (match-action-body.spec.ts holds the
 * two side by side) by `idBody`: a missing or invalid match id is MSG.matchNotFound.
 */
export function matchActionBody(raw: unknown): MatchActionBody {
  const { id, other } = idBody(raw, 'match_id', MSG.matchNotFound, 'user_id');
  return { match_id: id, user_id: other };
}
