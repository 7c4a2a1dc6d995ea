/** Wire types of the account, blocking, search and verification calls (docs/api.md#wire-names). */
import type { Preferences, User } from './auth';

/**
 * PUT /api/update-user fields (sent as multipart text fields, `preferences` as JSON text, plus an
 * optional `photo` file). Every field is optional: only the ones sent change.
 */
export interface UpdateUserFields {
  first_name?: string;
  last_name?: string;
  state?: string;
  date_of_birth?: string;
  bio?: string;
  height?: string | null;
  weight?: string | null;
  preferences?: Partial<Preferences>;
}

/** The multipart file field names of the upload calls. */
export const PROFILE_PHOTO_FIELD = 'photo';
export const ID_PHOTO_FIELD = 'id_photo';

export interface UpdateUserResponse {
  message: string;
  user: User;
}

/** docs/identity-rules.md#blocking. */
export interface BlockedUser {
  user_id: number;
  username: string;
}
export interface BlockedUsersResponse {
  users: BlockedUser[];
}
export interface BlockUserRequest {
  username: string;
}
/** Either one names the player to unblock. */
export interface UnblockUserRequest {
  userId?: number;
  username?: string;
}

/** GET /api/players?query= entry. */
export interface PlayerSearchResult {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
}
export interface PlayersResponse {
  players: PlayerSearchResult[];
}
/** How many players one search returns at most. */
export const PLAYER_SEARCH_LIMIT = 20;

/** POST /api/verify answer: the check runs in the background, the verdict comes as a notification. */
export interface VerifyIdResponse {
  message: string;
}
