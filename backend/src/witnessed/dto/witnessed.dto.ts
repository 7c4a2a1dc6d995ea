import { Allow, IsBoolean, IsDefined, IsIn } from 'class-validator';
import {
  WITNESSED_MSG,
  type AnswerSingleScorerRequest,
  type ChooseScorerRequest,
  type NewScoreEvent,
  type ProposeSingleScorerRequest,
  type ScoreEventsRequest,
  type TeamSide,
} from '@gotnext/shared';
import { IsDbId } from '../../common/input/db-id';

/* Each body implements its request type of the contract (libs/shared/src/witnessed/api.ts). */

export class ChooseScorerDto implements ChooseScorerRequest {
  @IsIn(['A', 'B'], { message: WITNESSED_MSG.scorerNotTeammate }) team: TeamSide;
  @IsDbId(WITNESSED_MSG.scorerNotTeammate) userId: number;
}

export class ProposeSingleScorerDto implements ProposeSingleScorerRequest {
  @IsDbId(WITNESSED_MSG.scorerNotPlayer) userId: number;
}

export class AnswerSingleScorerDto implements AnswerSingleScorerRequest {
  @IsDefined({ message: WITNESSED_MSG.answerInvalid }) @IsBoolean({ message: WITNESSED_MSG.answerInvalid }) accept: boolean;
}

/** The events' shapes are checked by `isNewScoreEvent` (libs/shared), as the socket's are. */
export class ScoreEventsDto implements ScoreEventsRequest {
  @Allow() events: NewScoreEvent[];
}
