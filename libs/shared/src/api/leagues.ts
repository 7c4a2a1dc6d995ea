/** Wire types of leagues: the list, a league, membership, settings, invites and chat (docs/leagues.md). Field names are the spec's. */
import type { LeagueHistoryItem } from './league-matches';

/** The per-member rights (docs/leagues.md#permissions; `member_permissions` values, `league_permissions`). */
export interface LeaguePermissions {
  can_edit_settings: boolean;
  can_create_match_history: boolean;
  allow_invites: boolean;
}
export type LeaguePermissionName = keyof LeaguePermissions;
export const LEAGUE_PERMISSION_NAMES: readonly LeaguePermissionName[] = ['can_edit_settings', 'can_create_match_history', 'allow_invites'];

/** The four toggles of the League Settings modal. */
export interface LeagueSettings {
  is_private: boolean;
  allow_member_matches: boolean;
  verified_players_only: boolean;
  allow_members_invite: boolean;
}
export type LeagueSettingName = keyof LeagueSettings;
export const LEAGUE_SETTING_NAMES: readonly LeagueSettingName[] = ['is_private', 'allow_member_matches', 'verified_players_only', 'allow_members_invite'];

/**
 * What a player may do in a league now, decided from the database on every request
 * (docs/leagues.md#permissions): all false for a non-member.
 */
export interface LeagueRights extends LeaguePermissions {
  /** The administrator (creator_id): holds every right. */
  is_admin: boolean;
  /** May create league matches: the administrator, holders of can_create_match_history, or everyone while allow_member_matches is on. */
  can_create_match: boolean;
}

/** `members[]` of a league. */
export interface LeagueMember {
  user_id: number;
  username: string;
  /** The member's stored rights (the administrator's all true). */
  league_permissions: LeaguePermissions;
}

/** `member_details[]` of a league: what the members list shows. */
export interface LeagueMemberDetail {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
}

/** Where the caller stands with the league (`viewer`), so the page shows the right controls. */
export interface LeagueViewer {
  is_member: boolean;
  rights: LeagueRights;
  /** The caller's pending invite to this league, or null. */
  invite: { inviter_username: string } | null;
  /** False for an invitee of a private league: the name only, every list empty. */
  can_view_details: boolean;
  /** Players with a pending invite, for a caller who may invite (the Invite button reads 'Invited'); else empty. */
  pending_invites: number[];
}

/** GET /api/leagues/{id}: the League entity (docs/leagues.md#privacy). */
export interface League extends LeagueSettings {
  league_id: number;
  name: string;
  league_image: string | null;
  league_image_version: number;
  /** The administrator: the creator, or whoever the league passed to (docs/leagues.md#when-the-creator-leaves). */
  creator_id: number;
  member_count: number;
  members: LeagueMember[];
  member_details: LeagueMemberDetail[];
  /** Member id (as text) → that member's stored rights. */
  member_permissions: Record<string, LeaguePermissions>;
  viewer: LeagueViewer;
}

/** GET /api/leagues/{leagueId}: the league with its completed matches, as the history call shapes them. */
export interface LeagueDetails extends League {
  /** Newest first; empty for an invitee of a private league, who may see only its name. */
  match_history: LeagueHistoryItem[];
}

export interface LeagueResponse {
  league: LeagueDetails;
}

/** One league of a list (search, My Leagues). */
export interface LeagueSummary {
  league_id: number;
  name: string;
  league_image: string | null;
  league_image_version: number;
  is_private: boolean;
  creator_id: number;
  member_count: number;
  is_member: boolean;
}

export interface LeaguesResponse {
  leagues: LeagueSummary[];
}

export interface LeagueSearchQuery {
  query?: string;
}

/** POST /api/leagues. `creator_id` is the caller's own id, or absent (docs/api.md#the-acting-user). */
export interface CreateLeagueRequest {
  name: string;
  is_private?: boolean;
  creator_id?: number;
}

export interface CreateLeagueResponse {
  message: string;
  league: League;
}

/** POST /api/leagues/join and /leave, and declining an invite. */
export interface LeagueMembershipRequest {
  league_id: number;
  user_id?: number;
}

export interface LeagueMembershipResponse {
  message: string;
  member: LeagueMemberDetail & { league_permissions: LeaguePermissions };
}

export interface LeagueSettingsResponse {
  message: string;
  league: League;
}

export interface LeagueInviteRequest {
  league_id: number;
  inviter_id?: number;
  invitee_id: number;
}

/** A message of a league's chat, as listed and as pushed (`league:message`). */
export interface LeagueChatMessage {
  id: number;
  league_id: number;
  message: string;
  sender_id: number;
  /** 'Deleted player' once the sender's account is deleted. */
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  /** When it was sent (ISO 8601). */
  timestamp: string;
}

/** A page of a league's chat, oldest first within the page; `next_cursor` asks for the next older page (docs/social.md#chat-paging). */
export interface LeagueChatResponse {
  chat: LeagueChatMessage[];
  next_cursor: number | null;
}

export interface LeagueChatQuery {
  /** Only messages older than this id (the previous page's `next_cursor`). */
  before?: number;
}

export interface SendLeagueChatRequest {
  league_id: number;
  message: string;
}

export interface SendLeagueChatResponse {
  message: string;
  chat_message: LeagueChatMessage;
}
