/** Web Push: a device's subscription and a player's settings per type (docs/notifications.md#web-push). */

/** The kinds of push a player can switch on or off, each on its own (all on until switched off). */
export const PUSH_TYPES = ['match_start', 'opponent_reported', 'dispute', 'message', 'friend_request', 'league_invite', 'court_called', 'run_forming'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/** What the settings page calls each type. */
export const PUSH_TYPE_LABELS: Record<PushType, string> = {
  match_start: 'A match I am in starts',
  opponent_reported: 'My opponent reported the score',
  dispute: 'A score is disputed',
  message: 'A new message',
  friend_request: 'A friend request',
  league_invite: 'A league invitation',
  court_called: "I'm up at a court",
  run_forming: 'A run is forming at one of my courts',
};

export interface PushPublicKeyResponse {
  /** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  publicKey: string;
}

/** PushSubscription.toJSON() as the browser gives it. */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushUnsubscribeRequest {
  endpoint: string;
}

export interface PushSettings {
  match_start: boolean;
  opponent_reported: boolean;
  dispute: boolean;
  message: boolean;
  friend_request: boolean;
  league_invite: boolean;
  court_called: boolean;
  run_forming: boolean;
}

export interface PushSettingsResponse {
  settings: PushSettings;
  /** How many devices of the caller receive pushes. */
  devices: number;
}

export type PushSettingsRequest = Partial<PushSettings>;

/** What the service worker shows (frontend/public/push-sw.js). */
export interface PushPayload {
  type: PushType;
  title: string;
  body: string;
  /** The page a tap opens. */
  url: string;
  /** Pushes with the same tag replace each other on the device. */
  tag: string;
}
