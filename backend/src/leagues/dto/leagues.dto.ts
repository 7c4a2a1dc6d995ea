import { Allow, IsBoolean, IsDefined, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MSG, type CreateLeagueRequest, type LeagueInviteRequest, type LeagueMembershipRequest, type SendLeagueChatRequest } from '@gotnext/shared';

/** A positive integer id (PostgreSQL integers end at 2^31-1), else the message of a missing thing. */
function Id(message: string): PropertyDecorator {
  const rules = [IsDefined({ message }), IsInt({ message }), Min(1, { message }), Max(2_147_483_647, { message })];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

/*
 * Each body implements its request type of the contract (libs/shared/src/api/leagues.ts). Payload
 * ids of the acting player (creator_id, user_id, inviter_id) are accepted for wire compatibility
 * only: assertActor refuses one that is not the caller (docs/api.md#the-acting-user).
 */

export class CreateLeagueDto implements CreateLeagueRequest {
  /** Checked by leagueNameProblem, so the overlay and the server say the same thing. */
  @Allow() name: string;
  @IsOptional() @IsBoolean({ message: MSG.leagueSettingInvalid }) is_private?: boolean;
  @Allow() creator_id?: number;
}

export class LeagueMembershipDto implements LeagueMembershipRequest {
  @Id(MSG.leagueNotFound) league_id: number;
  @Allow() user_id?: number;
}

export class LeagueInviteDto implements LeagueInviteRequest {
  @Id(MSG.leagueNotFound) league_id: number;
  @Id(MSG.playerNotFound) invitee_id: number;
  @Allow() inviter_id?: number;
}

export class SendLeagueChatDto implements SendLeagueChatRequest {
  @Id(MSG.leagueNotFound) league_id: number;
  /** Checked by chatText (blank, too long), so the composer and the server say the same thing. */
  @Allow() message: string;
}
