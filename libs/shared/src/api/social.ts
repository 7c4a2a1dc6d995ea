/** Wire types of friends, direct messages and user details (docs/social.md). Field names are the spec's. */
import type { Preferences } from './auth';

/**
 * GET /api/friends/status/{userId}. The spec's five values, plus `request_received` (the viewer has
 * a pending request from this player, so the profile offers Accept).
 */
export type FriendStatus = 'not_friends' | 'request_sent' | 'request_received' | 'friends' | 'self' | 'unknown';

export interface FriendStatusResponse {
  status: FriendStatus;
  /** The pending request between the two (sent or received), else null. */
  request_id: number | null;
}

/** A friend as listed on /friends. `online`: presence, false when unknown (docs/social.md#presence). */
export interface Friend {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  online: boolean;
}

/** A pending request the caller received. */
export interface FriendRequest {
  id: number;
  sender_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  /** When it was sent (ISO 8601). */
  timestamp: string;
}

export interface FriendsResponse {
  friends: Friend[];
  friendRequests: FriendRequest[];
}

/** POST /api/friends/request and DELETE /api/friends/remove. */
export interface FriendUserRequest {
  userId: number;
}

/** POST /api/friends/accept and DELETE /api/friends/decline. */
export interface FriendRequestIdRequest {
  requestId: number;
}

/** One message of a direct conversation, as listed and as pushed (`message:new`). */
export interface DirectMessage {
  id: number;
  sender_id: number;
  recipient_id: number;
  message: string;
  /** When it was sent (ISO 8601); the browser shows it in its own zone. */
  timestamp: string;
  /** Whether the recipient has read it (the sender's 'Seen'). */
  read: boolean;
}

/**
 * A page of a chat, oldest first within the page. The first call (no `before`) answers the newest
 * page; `next_cursor` is the `before` of the next older page, null when there is none
 * (docs/social.md#chat-paging).
 */
export interface ChatHistoryResponse {
  messages: DirectMessage[];
  next_cursor: number | null;
}

export interface ChatHistoryQuery {
  timezone?: string;
  /** Only messages older than this id (the previous page's `next_cursor`). */
  before?: number;
}

/** One entry of GET /api/messages: the conversation with one player. */
export interface Conversation {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  last_message: string;
  last_sender_id: number;
  /** The last message's date in the caller's time zone, e.g. "03/01/2026". */
  date: string;
  /** The last message's time (ISO 8601). */
  timestamp: string;
  unread_count: number;
  online: boolean;
}

export interface ConversationsResponse {
  messages: Conversation[];
}

export interface UnreadMessagesResponse {
  unreadCount: number;
}

/** GET /api/user-details/{userId}: what the chat screen needs about the other player. */
export interface UserDetails {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  preferences: Preferences;
  is_friend: boolean;
  /** Whether the server would accept a message from the viewer now. */
  can_message: boolean;
  /** Why not, in the spec's words, when `can_message` is false; else null. */
  message_refusal: string | null;
  online: boolean;
}

export interface SendMessageRequest {
  recipient_id: number;
  content: string;
}

export interface SendMessageResponse {
  message: string;
  chat_message: DirectMessage;
}
