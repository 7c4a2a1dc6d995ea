/** Wire types of the account calls (docs/api.md#wire-names). Field names are exactly the spec's. */
export interface SignupPayload {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  username: string;
  password: string;
  dateOfBirth: string;
  height: string | null;
  weight: string | null;
  bio: string;
  state: string;
}

export interface LoginRequest {
  identifier: string;
  password: string;
}
export interface LoginResponse {
  token: string;
  user_id: number;
  message: string;
}

export interface MessageResponse {
  message: string;
}

/**
 * POST /api/signup: the new account's id comes with the message, and a session for it, so the
 * new player is logged in at once (docs/accounts.md#signup-rules).
 */
export interface SignupResponse extends MessageResponse {
  user_id: number;
  token: string;
}

export interface Preferences {
  allowMessages: boolean;
  displayHeight: boolean;
  displayWeight: boolean;
  displayStateRanking: boolean;
  displayRating: boolean;
  displayWinsLosses: boolean;
  censorSensitiveInfo: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  allowMessages: true,
  displayHeight: false,
  displayWeight: false,
  displayStateRanking: true,
  displayRating: true,
  displayWinsLosses: true,
  censorSensitiveInfo: false,
};

export interface User {
  user_id: number;
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  date_of_birth: string;
  height: string | null;
  weight: string | null;
  state: string;
  bio: string;
  verified: boolean;
  email_verified: boolean;
  id_verified: boolean;
  profile_picture: string | null;
  profile_picture_version: number;
  photoUrl: string | null;
  preferences: Preferences;
}

export interface UserResponse {
  user: User;
}
