import { IsDefined, IsInt, Max, Min } from 'class-validator';
import { MSG, type FriendRequestIdRequest, type FriendUserRequest } from '@gotnext/shared';

/** A positive integer id, or the message of a missing thing (Postgres integers end at 2^31-1). */
function Id(message: string): PropertyDecorator {
  const rules = [IsDefined({ message }), IsInt({ message }), Min(1, { message }), Max(2_147_483_647, { message })];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

export class FriendUserDto implements FriendUserRequest {
  @Id(MSG.playerNotFound) userId: number;
}

export class FriendRequestIdDto implements FriendRequestIdRequest {
  @Id(MSG.friendRequestNotFound) requestId: number;
}
