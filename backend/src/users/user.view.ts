import { preferencesFrom, Preferences, User } from '@gotnext/shared';
import { UserEntity } from './entities/user.entity';

/** The closed set of preferences (docs/identity-rules.md): unknown stored keys are never read back. */
export function preferencesOf(u: Pick<UserEntity, 'preferences'>): Preferences {
  return preferencesFrom(u.preferences);
}

/** The owner's full view of their account (GET /api/user), in the spec's wire names. */
export function toUserView(u: UserEntity): User {
  return {
    user_id: u.id,
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    phone_number: u.phoneNumber,
    date_of_birth: u.dateOfBirth,
    height: u.height,
    weight: u.weight,
    state: u.state,
    bio: u.bio,
    verified: u.emailVerified && u.idVerified,
    email_verified: u.emailVerified,
    id_verified: u.idVerified,
    profile_picture: u.profilePicture,
    profile_picture_version: u.profilePictureVersion,
    photoUrl: u.profilePicture,
    preferences: preferencesOf(u),
  };
}
