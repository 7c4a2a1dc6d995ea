/**
 * The table of every HTTP call: method, path, who may call it, and the wire types of its request
 * and response. It is the contract both sides implement: the frontend client is typed from it, the
 * backend's DTOs implement its request types, the OpenAPI document is built from it, and an
 * integration test checks it against the routes the API actually mounts (docs/api.md).
 *
 * Types are named through `WireTypes`, so each route names its types once, as strings that a
 * schema generator can also read; the TypeScript types are looked up from the same names.
 */
import type { BlockedUsersResponse, BlockUserRequest, PlayersResponse, UnblockUserRequest, UpdateUserFields, UpdateUserResponse, VerifyIdResponse } from './account';
import type { LoginRequest, LoginResponse, MessageResponse, SignupPayload, SignupResponse, UserResponse } from './auth';
import type {
  CreateMatchRequest,
  CreateMatchResponse,
  DisputeDetails,
  JoinMatchRequest,
  JoinMatchResponse,
  JoinTeamRequest,
  JoinTeamResponse,
  MatchDetails,
  MatchTypeResponse,
  ReportScore1v1Request,
  StartMatchResponse,
  ReportScoreResponse,
  ReportScoreTeamsRequest,
  ResolveDispute1v1Request,
  ResolveDisputeResponse,
  ResolveDisputeTeamsRequest,
  UserProfile,
  UserStatsResponse,
} from './matches';
import type { ArticlesResponse, TopPlayersResponse } from './home';
import type { ArticleFields, ArticleResponse, ArticleSavedResponse } from './articles';
import type { LeaderboardQuery, LeaderboardResponse } from './leaderboards';
import type { NotificationsResponse } from './notifications';
import { MATCH_DETAILS_PATH } from './match-details-path';
import type {
  ChatHistoryQuery,
  ChatHistoryResponse,
  ConversationsResponse,
  FriendRequestIdRequest,
  FriendsResponse,
  FriendStatusResponse,
  FriendUserRequest,
  SendMessageRequest,
  SendMessageResponse,
  UnreadMessagesResponse,
  UserDetails,
} from './social';
import type { AdminReportsResponse, ReportPlayerRequest } from './reports';
import type {
  CreateLeagueRequest,
  CreateLeagueResponse,
  LeagueChatQuery,
  LeagueChatResponse,
  LeagueInviteRequest,
  LeagueMembershipRequest,
  LeagueMembershipResponse,
  LeagueResponse,
  LeaguesResponse,
  LeagueSearchQuery,
  LeagueSettingsResponse,
  SendLeagueChatRequest,
  SendLeagueChatResponse,
} from './leagues';
import type {
  AddMatchHistoryRequest,
  AddMatchHistoryResponse,
  ContestLeagueMatchRequest,
  CreateLeagueMatchRequest,
  CreateLeagueMatchResponse,
  LeagueDisputeDetails,
  LeagueDisputeQuery,
  LeagueHistoryResponse,
  LeagueJoinMatchRequest,
  LeagueJoinMatchResponse,
  LeagueLeaderboardResponse,
  LeagueReportScoreRequest,
  ResolveLeagueDisputeRequest,
} from './league-matches';
import type {
  AdminDisputeDecisionRequest,
  AdminDisputesResponse,
  HeadToHeadResponse,
  MatchLeftResponse,
  MyMatchesResponse,
  RatingHistoryResponse,
  RematchResponse,
} from './play-loop';
import type { JoinOpenLobbyResponse, OpenLobbiesResponse } from './open-lobbies';
import type { IdCheckStatusResponse, IdDocumentType, IdentityFlagsResponse } from './verification';
import { COURT_ROUTES, type CourtWireTypes } from '../courts/routes';
import { COURT_STATS_ROUTES, type CourtStatsWireTypes } from '../courts/stats';
import { WITNESSED_ROUTES, type WitnessedWireTypes } from '../witnessed/routes';
import { FAIR_PLAY_ROUTES, type FairPlayWireTypes } from '../fair-play/routes';
import type { InvitePreviewResponse } from './invites';
import type { PushPublicKeyResponse, PushSettingsRequest, PushSettingsResponse, PushSubscriptionRequest, PushUnsubscribeRequest } from './push';

/** Bodies of the calls that had none named before. */
export interface StartMatchRequest {
  user_id?: number;
}
export interface SendVerificationEmailRequest {
  /** A visitor names the address; a logged-in caller needs nothing. */
  email?: string;
}
export interface ForgotPasswordRequest {
  email: string;
}
export interface ResetPasswordRequest {
  token: string;
  password: string;
}
/** Deleting the account asks for the password again (docs/accounts.md#deletion). */
export interface DeleteAccountRequest {
  password: string;
}
export interface HealthResponse {
  status: 'ok';
}
/** GET /api/admin/session: the credentials are right. */
export interface AdminSessionResponse {
  user: string;
}
/**
 * Sent (value '1') by the ops screens on every admin call; an admin write without it is refused
 * (docs/api.md#ops-writes). A page on another site cannot set it without the server's CORS consent.
 */
export const OPS_REQUEST_HEADER = 'x-gotnext-ops';
export interface ReadinessResponse {
  status: 'ok';
  postgres: 'ok' | 'down';
  redis: 'ok' | 'down';
}
/** A file in a multipart form (a Blob or File in the browser; `string` + `format: binary` in the OpenAPI document). */
export type UploadFile = Blob;
/**
 * The multipart body of POST /api/verify (docs/identity-rules.md#what-a-player-sends): the spec's
 * `id_photo` is the document's front (a passport's photo page); a licence adds its back; the
 * selfie is two frames, before and after the head turn.
 */
export interface VerifyIdForm {
  /** Default 'drivers_license'. */
  document_type?: IdDocumentType;
  id_photo: UploadFile;
  /** A licence's back (its PDF417 barcode); required for a licence, refused for a passport. */
  id_back?: UploadFile;
  /** Looking into the camera. */
  selfie?: UploadFile;
  /** After turning the head. */
  selfie_turned?: UploadFile;
}
/** The multipart body of PUT /api/update-user: the text fields (preferences as JSON text) and an optional `photo`. */
export type UpdateUserForm = Omit<UpdateUserFields, 'preferences'> & { preferences?: string; photo?: UploadFile };
/** POST /api/admin/articles (multipart): title, text and an optional header `image`. */
export type ArticleCreateForm = ArticleFields & { image?: UploadFile };
/**
 * PUT /api/admin/articles/{articleId} (multipart): the fields to change, a new `image`, or
 * `remove_image` = 'true' to go back to the default image.
 */
export type ArticleUpdateForm = Partial<ArticleFields> & { image?: UploadFile; remove_image?: 'true' | 'false' };
/**
 * The multipart body of PUT /api/leagues/{id}: the toggles as 'true'/'false' (absent: unchanged),
 * `member_permissions` as JSON text (member id → the rights to store) and an optional `image`
 * (docs/leagues.md#settings).
 */
export interface LeagueSettingsForm {
  is_private?: 'true' | 'false';
  allow_member_matches?: 'true' | 'false';
  verified_players_only?: 'true' | 'false';
  allow_members_invite?: 'true' | 'false';
  member_permissions?: string;
  image?: UploadFile;
}
/** Query strings. */
export interface TimezoneQuery {
  timezone?: string;
}
export interface UserStatsQuery extends TimezoneQuery {
  fullHistory?: 'true' | 'false';
}
export interface MatchCodeQuery {
  match_code: string;
}
export interface PlayerSearchQuery {
  query?: string;
}

/** Every type a call sends or answers, by the name the table (and the OpenAPI document) uses. */
export interface WireTypes extends CourtWireTypes, CourtStatsWireTypes, WitnessedWireTypes, FairPlayWireTypes {
  None: undefined;
  MessageResponse: MessageResponse;
  SignupPayload: SignupPayload;
  SignupResponse: SignupResponse;
  LoginRequest: LoginRequest;
  LoginResponse: LoginResponse;
  SendVerificationEmailRequest: SendVerificationEmailRequest;
  ForgotPasswordRequest: ForgotPasswordRequest;
  ResetPasswordRequest: ResetPasswordRequest;
  DeleteAccountRequest: DeleteAccountRequest;
  UserResponse: UserResponse;
  UpdateUserForm: UpdateUserForm;
  UpdateUserResponse: UpdateUserResponse;
  VerifyIdForm: VerifyIdForm;
  VerifyIdResponse: VerifyIdResponse;
  IdCheckStatusResponse: IdCheckStatusResponse;
  IdentityFlagsResponse: IdentityFlagsResponse;
  BlockedUsersResponse: BlockedUsersResponse;
  BlockUserRequest: BlockUserRequest;
  UnblockUserRequest: UnblockUserRequest;
  PlayersResponse: PlayersResponse;
  NotificationsResponse: NotificationsResponse;
  CreateMatchRequest: CreateMatchRequest;
  CreateMatchResponse: CreateMatchResponse;
  MatchTypeResponse: MatchTypeResponse;
  JoinMatchRequest: JoinMatchRequest;
  JoinMatchResponse: JoinMatchResponse;
  MatchDetails: MatchDetails;
  JoinTeamRequest: JoinTeamRequest;
  JoinTeamResponse: JoinTeamResponse;
  StartMatchRequest: StartMatchRequest;
  StartMatchResponse: StartMatchResponse;
  ReportScore1v1Request: ReportScore1v1Request;
  ReportScoreTeamsRequest: ReportScoreTeamsRequest;
  ReportScoreResponse: ReportScoreResponse;
  DisputeDetails: DisputeDetails;
  ResolveDispute1v1Request: ResolveDispute1v1Request;
  ResolveDisputeTeamsRequest: ResolveDisputeTeamsRequest;
  ResolveDisputeResponse: ResolveDisputeResponse;
  UserStatsResponse: UserStatsResponse;
  UserProfile: UserProfile;
  HealthResponse: HealthResponse;
  ReadinessResponse: ReadinessResponse;
  AdminSessionResponse: AdminSessionResponse;
  TimezoneQuery: TimezoneQuery;
  UserStatsQuery: UserStatsQuery;
  MatchCodeQuery: MatchCodeQuery;
  PlayerSearchQuery: PlayerSearchQuery;
  ArticlesResponse: ArticlesResponse;
  ArticleResponse: ArticleResponse;
  ArticleCreateForm: ArticleCreateForm;
  ArticleUpdateForm: ArticleUpdateForm;
  ArticleSavedResponse: ArticleSavedResponse;
  TopPlayersResponse: TopPlayersResponse;
  FriendsResponse: FriendsResponse;
  FriendStatusResponse: FriendStatusResponse;
  FriendUserRequest: FriendUserRequest;
  FriendRequestIdRequest: FriendRequestIdRequest;
  UnreadMessagesResponse: UnreadMessagesResponse;
  ConversationsResponse: ConversationsResponse;
  UserDetails: UserDetails;
  ChatHistoryQuery: ChatHistoryQuery;
  ChatHistoryResponse: ChatHistoryResponse;
  SendMessageRequest: SendMessageRequest;
  SendMessageResponse: SendMessageResponse;
  ReportPlayerRequest: ReportPlayerRequest;
  AdminReportsResponse: AdminReportsResponse;
  LeaderboardQuery: LeaderboardQuery;
  LeaderboardResponse: LeaderboardResponse;
  LeagueSearchQuery: LeagueSearchQuery;
  LeaguesResponse: LeaguesResponse;
  LeagueResponse: LeagueResponse;
  CreateLeagueRequest: CreateLeagueRequest;
  CreateLeagueResponse: CreateLeagueResponse;
  LeagueMembershipRequest: LeagueMembershipRequest;
  LeagueMembershipResponse: LeagueMembershipResponse;
  LeagueSettingsForm: LeagueSettingsForm;
  LeagueSettingsResponse: LeagueSettingsResponse;
  LeagueInviteRequest: LeagueInviteRequest;
  LeagueChatQuery: LeagueChatQuery;
  LeagueChatResponse: LeagueChatResponse;
  SendLeagueChatRequest: SendLeagueChatRequest;
  PushPublicKeyResponse: PushPublicKeyResponse;
  PushSubscriptionRequest: PushSubscriptionRequest;
  PushUnsubscribeRequest: PushUnsubscribeRequest;
  PushSettingsRequest: PushSettingsRequest;
  PushSettingsResponse: PushSettingsResponse;
  SendLeagueChatResponse: SendLeagueChatResponse;
  CreateLeagueMatchRequest: CreateLeagueMatchRequest;
  CreateLeagueMatchResponse: CreateLeagueMatchResponse;
  LeagueJoinMatchRequest: LeagueJoinMatchRequest;
  LeagueJoinMatchResponse: LeagueJoinMatchResponse;
  LeagueReportScoreRequest: LeagueReportScoreRequest;
  LeagueDisputeDetails: LeagueDisputeDetails;
  LeagueDisputeQuery: LeagueDisputeQuery;
  ResolveLeagueDisputeRequest: ResolveLeagueDisputeRequest;
  LeagueLeaderboardResponse: LeagueLeaderboardResponse;
  LeagueHistoryResponse: LeagueHistoryResponse;
  AddMatchHistoryRequest: AddMatchHistoryRequest;
  AddMatchHistoryResponse: AddMatchHistoryResponse;
  ContestLeagueMatchRequest: ContestLeagueMatchRequest;
  MyMatchesResponse: MyMatchesResponse;
  MatchLeftResponse: MatchLeftResponse;
  RematchResponse: RematchResponse;
  AdminDisputesResponse: AdminDisputesResponse;
  AdminDisputeDecisionRequest: AdminDisputeDecisionRequest;
  RatingHistoryResponse: RatingHistoryResponse;
  HeadToHeadResponse: HeadToHeadResponse;
  OpenLobbiesResponse: OpenLobbiesResponse;
  JoinOpenLobbyResponse: JoinOpenLobbyResponse;
  InvitePreviewResponse: InvitePreviewResponse;
}
export type WireTypeName = keyof WireTypes;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * required: a bearer token or 401; optional: a token changes the answer (block filters, hidden
 * fields); none: ignored; admin: the operators' credentials as HTTP Basic (the ops area).
 */
export type AuthMode = 'required' | 'optional' | 'none' | 'admin';
export type BodyKind = 'json' | 'multipart';

export interface RouteDef {
  readonly method: HttpMethod;
  /** Full path with `{param}` placeholders, e.g. '/api/match-details/{matchId}'. */
  readonly path: string;
  readonly auth: AuthMode;
  readonly summary: string;
  readonly tag: string;
  /** HTTP status of success. */
  readonly status: 200 | 201 | 202;
  readonly body?: { readonly type: WireTypeName; readonly kind: BodyKind };
  readonly query?: WireTypeName;
  readonly response: WireTypeName;
}

/** `{a}` and `{b}` in a path become `{ a: string | number; b: ... }`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string | number }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a path without parameters adds no field to the intersection
    {};
export type RequestOf<R extends RouteDef> = R['body'] extends { type: infer T extends WireTypeName } ? WireTypes[T] : undefined;
export type ResponseOf<R extends RouteDef> = WireTypes[R['response']];
export type QueryOf<R extends RouteDef> = R['query'] extends WireTypeName ? WireTypes[R['query']] : undefined;

const json = <T extends WireTypeName>(type: T) => ({ type, kind: 'json' as const });
const multipart = <T extends WireTypeName>(type: T) => ({ type, kind: 'multipart' as const });

function table<const T extends Record<string, RouteDef>>(routes: T): T {
  return routes;
}

export const ROUTES = table({
  // Health (ops)
  health: { method: 'GET', path: '/api/health', auth: 'none', tag: 'health', status: 200, summary: 'Liveness: the process answers.', response: 'HealthResponse' },
  ready: {
    method: 'GET',
    path: '/api/health/ready',
    auth: 'none',
    tag: 'health',
    status: 200,
    summary: 'Readiness: PostgreSQL and Redis answer (503 otherwise).',
    response: 'ReadinessResponse',
  },

  // The ops area (docs/architecture.md#the-ops-area)
  adminSession: {
    method: 'GET',
    path: '/api/admin/session',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: "Check the operators' credentials (the ops area's sign-in).",
    response: 'AdminSessionResponse',
  },
  identityFlags: {
    method: 'GET',
    path: '/api/admin/identity-flags',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Documents already verified on one account that another account sent (newest first).',
    response: 'IdentityFlagsResponse',
  },

  // Accounts and sessions
  signup: { method: 'POST', path: '/api/signup', auth: 'none', tag: 'auth', status: 201, summary: 'Create an account.', body: json('SignupPayload'), response: 'SignupResponse' },
  login: {
    method: 'POST',
    path: '/api/login',
    auth: 'none',
    tag: 'auth',
    status: 200,
    summary: 'Log in with a username or e-mail.',
    body: json('LoginRequest'),
    response: 'LoginResponse',
  },
  logout: { method: 'POST', path: '/api/logout', auth: 'required', tag: 'auth', status: 200, summary: 'End this session (its token and sockets).', response: 'MessageResponse' },
  sendVerificationEmail: {
    method: 'POST',
    path: '/api/send-verification-email',
    auth: 'optional',
    tag: 'auth',
    status: 200,
    summary: 'Send the e-mail verification link.',
    body: json('SendVerificationEmailRequest'),
    response: 'MessageResponse',
  },
  verifyEmail: {
    method: 'GET',
    path: '/api/verify-email/{token}',
    auth: 'none',
    tag: 'auth',
    status: 200,
    summary: 'Confirm an e-mail address from the mailed link.',
    response: 'MessageResponse',
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot-password',
    auth: 'none',
    tag: 'auth',
    status: 200,
    summary: 'Mail a password reset link (same answer whether or not the address exists).',
    body: json('ForgotPasswordRequest'),
    response: 'MessageResponse',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset-password',
    auth: 'none',
    tag: 'auth',
    status: 200,
    summary: 'Set a new password with a reset token.',
    body: json('ResetPasswordRequest'),
    response: 'MessageResponse',
  },

  // Own account
  me: { method: 'GET', path: '/api/user', auth: 'required', tag: 'account', status: 200, summary: "The caller's own account.", response: 'UserResponse' },
  updateUser: {
    method: 'PUT',
    path: '/api/update-user',
    auth: 'required',
    tag: 'account',
    status: 200,
    summary: 'Edit the account (multipart with an optional photo, or JSON).',
    body: multipart('UpdateUserForm'),
    response: 'UpdateUserResponse',
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/delete-account',
    auth: 'required',
    tag: 'account',
    status: 200,
    summary: 'Soft-delete the account (the password asked again).',
    body: json('DeleteAccountRequest'),
    response: 'MessageResponse',
  },
  verifyId: {
    method: 'POST',
    path: '/api/verify',
    auth: 'required',
    tag: 'verification',
    status: 202,
    summary: "Send the ID (front, and a licence's back) and a two-frame selfie for the automated check.",
    body: multipart('VerifyIdForm'),
    response: 'VerifyIdResponse',
  },
  idCheckStatus: {
    method: 'GET',
    path: '/api/verify',
    auth: 'required',
    tag: 'verification',
    status: 200,
    summary: "Where the caller's ID check stands: pending, verified, or the last failure's reason and what to retake.",
    response: 'IdCheckStatusResponse',
  },

  // Blocking and search
  blockedUsers: {
    method: 'GET',
    path: '/api/blocked-users',
    auth: 'required',
    tag: 'blocking and search',
    status: 200,
    summary: 'Players the caller has blocked.',
    response: 'BlockedUsersResponse',
  },
  blockUser: {
    method: 'POST',
    path: '/api/block-user',
    auth: 'required',
    tag: 'blocking and search',
    status: 200,
    summary: 'Block a player by username.',
    body: json('BlockUserRequest'),
    response: 'MessageResponse',
  },
  unblockUser: {
    method: 'POST',
    path: '/api/unblock-user',
    auth: 'required',
    tag: 'blocking and search',
    status: 200,
    summary: 'Unblock a player by id or username.',
    body: json('UnblockUserRequest'),
    response: 'MessageResponse',
  },
  players: {
    method: 'GET',
    path: '/api/players',
    auth: 'optional',
    tag: 'blocking and search',
    status: 200,
    summary: 'Search players by username.',
    query: 'PlayerSearchQuery',
    response: 'PlayersResponse',
  },

  // Notifications
  notifications: {
    method: 'GET',
    path: '/api/notifications',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: "The caller's notifications, unread-message item first.",
    query: 'TimezoneQuery',
    response: 'NotificationsResponse',
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/mark-read',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: 'Mark every notification read.',
    response: 'MessageResponse',
  },
  markMessagesReadAll: {
    method: 'POST',
    path: '/api/notifications/mark-messages-read',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: 'Mark every direct message read.',
    response: 'MessageResponse',
  },
  // Web Push (docs/notifications.md#web-push)
  pushPublicKey: {
    method: 'GET',
    path: '/api/push/public-key',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: "The server's VAPID public key.",
    response: 'PushPublicKeyResponse',
  },
  pushSubscribe: {
    method: 'POST',
    path: '/api/push/subscriptions',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: "Store this device's push subscription for the caller.",
    body: json('PushSubscriptionRequest'),
    response: 'MessageResponse',
  },
  pushUnsubscribe: {
    method: 'POST',
    path: '/api/push/subscriptions/remove',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: "Forget this device's push subscription.",
    body: json('PushUnsubscribeRequest'),
    response: 'MessageResponse',
  },
  pushSettings: {
    method: 'GET',
    path: '/api/push/settings',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: 'Which kinds of push the caller receives, and on how many devices.',
    response: 'PushSettingsResponse',
  },
  updatePushSettings: {
    method: 'PUT',
    path: '/api/push/settings',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: 'Switch kinds of push on or off.',
    body: json('PushSettingsRequest'),
    response: 'PushSettingsResponse',
  },
  deleteNotification: {
    method: 'DELETE',
    path: '/api/notifications/{id}',
    auth: 'required',
    tag: 'notifications',
    status: 200,
    summary: 'Delete one notification.',
    response: 'MessageResponse',
  },

  // Matches
  createMatch: {
    method: 'POST',
    path: '/api/create-match-{type}',
    auth: 'required',
    tag: 'matches',
    status: 201,
    summary: 'Create a match of a type (1v1..5v5).',
    body: json('CreateMatchRequest'),
    response: 'CreateMatchResponse',
  },
  matchType: {
    method: 'GET',
    path: '/api/get-match-type',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'The type of the match with this code.',
    query: 'MatchCodeQuery',
    response: 'MatchTypeResponse',
  },
  invitePreview: {
    method: 'GET',
    path: '/api/invite-preview',
    auth: 'none',
    tag: 'matches',
    status: 200,
    summary: "What an invite link shows: the creator's name, the type, ranked or casual, the target score (docs/matches.md#invite-preview).",
    query: 'MatchCodeQuery',
    response: 'InvitePreviewResponse',
  },
  joinMatch: {
    method: 'POST',
    path: '/api/join-match-{type}',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'Join a match by code.',
    body: json('JoinMatchRequest'),
    response: 'JoinMatchResponse',
  },
  matchDetails: {
    method: 'GET',
    path: MATCH_DETAILS_PATH,
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: "A match's lobby, from the caller's side.",
    response: 'MatchDetails',
  },
  joinTeam: {
    method: 'POST',
    path: '/api/join-team',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'Move to the other team.',
    body: json('JoinTeamRequest'),
    response: 'JoinTeamResponse',
  },
  startMatch: {
    method: 'POST',
    path: '/api/start-match/{matchId}',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'Start the match (creator only).',
    body: json('StartMatchRequest'),
    response: 'StartMatchResponse',
  },
  reportScore1v1: {
    method: 'POST',
    path: '/api/report-score-1v1',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: "Report a 1v1 score from the caller's side.",
    body: json('ReportScore1v1Request'),
    response: 'ReportScoreResponse',
  },
  reportScoreTeams: {
    method: 'POST',
    path: '/api/report-score-{type}',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: "Report a team match's score (2v2..5v5).",
    body: json('ReportScoreTeamsRequest'),
    response: 'ReportScoreResponse',
  },
  disputeDetails: {
    method: 'GET',
    path: '/api/dispute-match-details/{matchId}',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'What each side reported in a disputed match.',
    response: 'DisputeDetails',
  },
  resolveDispute1v1: {
    method: 'POST',
    path: '/api/resolve-dispute',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'Propose the final score of a disputed 1v1.',
    body: json('ResolveDispute1v1Request'),
    response: 'ResolveDisputeResponse',
  },
  resolveDisputeTeams: {
    method: 'POST',
    path: '/api/resolve-dispute-{type}',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'Propose the final score of a disputed team match.',
    body: json('ResolveDisputeTeamsRequest'),
    response: 'ResolveDisputeResponse',
  },

  // The play loop around a match (docs/matches.md#my-matches)
  myMatches: {
    method: 'GET',
    path: '/api/my-matches',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: "The caller's open matches (waiting, ready, in progress, disputed), newest first.",
    response: 'MyMatchesResponse',
  },
  cancelMatch: {
    method: 'POST',
    path: '/api/cancel-match/{matchId}',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'Cancel a match before it starts (creator only).',
    body: json('StartMatchRequest'),
    response: 'MatchLeftResponse',
  },
  leaveMatch: {
    method: 'POST',
    path: '/api/leave-match/{matchId}',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: 'Leave a match before it starts (a joined player, not the creator).',
    body: json('StartMatchRequest'),
    response: 'MatchLeftResponse',
  },
  openLobbies: {
    method: 'GET',
    path: '/api/open-lobbies',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: "Lobbies in the caller's state/region with free places, open to the caller's shown rating, newest first.",
    response: 'OpenLobbiesResponse',
  },
  joinOpenLobby: {
    method: 'POST',
    path: '/api/open-lobbies/{matchId}/join',
    auth: 'required',
    tag: 'matches',
    status: 200,
    summary: "Join an open lobby in one tap: the join's rules, and the caller's rating in its range.",
    body: json('StartMatchRequest'),
    response: 'JoinOpenLobbyResponse',
  },
  rematch: {
    method: 'POST',
    path: '/api/rematch/{matchId}',
    auth: 'required',
    tag: 'matches',
    status: 201,
    summary: 'Create a new match like a completed one and invite its other players.',
    body: json('StartMatchRequest'),
    response: 'RematchResponse',
  },
  adminDisputes: {
    method: 'GET',
    path: '/api/admin/disputes',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Disputes past their 72 h deadline, waiting for an ops decision (oldest first).',
    response: 'AdminDisputesResponse',
  },
  adminDecideDispute: {
    method: 'POST',
    path: '/api/admin/disputes/{matchId}',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Settle a dispute in moderation with a final score, or void it; both sides are notified.',
    body: json('AdminDisputeDecisionRequest'),
    response: 'MessageResponse',
  },

  // Profiles and stats
  userStats: {
    method: 'GET',
    path: '/api/user-stats/{userId}',
    auth: 'required',
    tag: 'profiles',
    status: 200,
    summary: 'Match history and statistics.',
    query: 'UserStatsQuery',
    response: 'UserStatsResponse',
  },
  ratingHistory: {
    method: 'GET',
    path: '/api/rating-history/{userId}',
    auth: 'optional',
    tag: 'profiles',
    status: 200,
    summary: "A player's rated matches with each change and why, peak rating and provisional games left (hidden with the rating).",
    response: 'RatingHistoryResponse',
  },
  headToHead: {
    method: 'GET',
    path: '/api/head-to-head/{userId}',
    auth: 'required',
    tag: 'profiles',
    status: 200,
    summary: "The caller's record against a player (completed matches on opposite sides).",
    response: 'HeadToHeadResponse',
  },
  userProfile: {
    method: 'GET',
    path: '/api/user-profile/{userId}',
    auth: 'optional',
    tag: 'profiles',
    status: 200,
    summary: 'A public profile.',
    query: 'TimezoneQuery',
    response: 'UserProfile',
  },

  // Friends (docs/social.md#friends)
  friends: {
    method: 'GET',
    path: '/api/friends',
    auth: 'required',
    tag: 'friends',
    status: 200,
    summary: "The caller's friends and the friend requests they received.",
    response: 'FriendsResponse',
  },
  friendStatus: {
    method: 'GET',
    path: '/api/friends/status/{userId}',
    auth: 'required',
    tag: 'friends',
    status: 200,
    summary: 'Where the caller stands with a player (friends, request sent or received, ...).',
    response: 'FriendStatusResponse',
  },
  friendRequest: {
    method: 'POST',
    path: '/api/friends/request',
    auth: 'required',
    tag: 'friends',
    status: 200,
    summary: 'Send a friend request (a crossing request makes friends at once).',
    body: json('FriendUserRequest'),
    response: 'MessageResponse',
  },
  friendRemove: {
    method: 'DELETE',
    path: '/api/friends/remove',
    auth: 'required',
    tag: 'friends',
    status: 200,
    summary: 'End a friendship (for both), or withdraw a request the caller sent.',
    body: json('FriendUserRequest'),
    response: 'MessageResponse',
  },
  friendAccept: {
    method: 'POST',
    path: '/api/friends/accept',
    auth: 'required',
    tag: 'friends',
    status: 200,
    summary: 'Accept a friend request the caller received.',
    body: json('FriendRequestIdRequest'),
    response: 'MessageResponse',
  },
  friendDecline: {
    method: 'DELETE',
    path: '/api/friends/decline',
    auth: 'required',
    tag: 'friends',
    status: 200,
    summary: 'Decline a friend request the caller received.',
    body: json('FriendRequestIdRequest'),
    response: 'MessageResponse',
  },

  // Direct messages (docs/social.md#messages)
  unreadMessages: {
    method: 'GET',
    path: '/api/unread-messages',
    auth: 'required',
    tag: 'messages',
    status: 200,
    summary: 'How many direct messages the caller has not read.',
    response: 'UnreadMessagesResponse',
  },
  conversations: {
    method: 'GET',
    path: '/api/messages',
    auth: 'required',
    tag: 'messages',
    status: 200,
    summary: "The caller's conversations, newest first: one per player, with the last message and the unread count.",
    query: 'TimezoneQuery',
    response: 'ConversationsResponse',
  },
  userDetails: {
    method: 'GET',
    path: '/api/user-details/{userId}',
    auth: 'required',
    tag: 'messages',
    status: 200,
    summary: 'What the chat screen needs about a player: preferences, friendship, whether the caller may message them.',
    response: 'UserDetails',
  },
  chatHistory: {
    method: 'GET',
    path: '/api/chat-history/{userId}',
    auth: 'required',
    tag: 'messages',
    status: 200,
    summary: 'The chat with a player, newest page first; older pages by cursor.',
    query: 'ChatHistoryQuery',
    response: 'ChatHistoryResponse',
  },
  markChatRead: {
    method: 'POST',
    path: '/api/mark-messages-read/{userId}',
    auth: 'required',
    tag: 'messages',
    status: 200,
    summary: 'Mark the messages a player sent the caller read.',
    response: 'MessageResponse',
  },
  sendMessage: {
    method: 'POST',
    path: '/api/send-message',
    auth: 'required',
    tag: 'messages',
    status: 201,
    summary: 'Send a direct message.',
    body: json('SendMessageRequest'),
    response: 'SendMessageResponse',
  },

  // Player reports (docs/social.md#reports)
  reportPlayer: {
    method: 'POST',
    path: '/api/report',
    auth: 'required',
    tag: 'reports',
    status: 201,
    summary: 'Report a player (one report per player and reason a day).',
    body: json('ReportPlayerRequest'),
    response: 'MessageResponse',
  },
  adminReports: {
    method: 'GET',
    path: '/api/admin/reports',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Player reports, newest first, and the players reported by the most distinct players.',
    response: 'AdminReportsResponse',
  },

  // Leaderboards (docs/leaderboards.md)
  topPlayers: {
    method: 'GET',
    path: '/api/top-players',
    auth: 'optional',
    tag: 'leaderboards',
    status: 200,
    summary: 'The world top 10 (players blocked either way left out for a logged-in caller).',
    response: 'TopPlayersResponse',
  },
  leaderboard: {
    method: 'GET',
    path: '/api/leaderboards/{region}',
    auth: 'optional',
    tag: 'leaderboards',
    status: 200,
    summary: "A board ('National' = the world, a country, a US state code): a page of 50 ranks or a name search, and the caller's own row.",
    query: 'LeaderboardQuery',
    response: 'LeaderboardResponse',
  },

  // News (docs/articles.md)
  articles: { method: 'GET', path: '/api/articles', auth: 'none', tag: 'articles', status: 200, summary: 'The latest news articles, oldest first.', response: 'ArticlesResponse' },
  article: { method: 'GET', path: '/api/articles/{articleId}', auth: 'none', tag: 'articles', status: 200, summary: 'One news article.', response: 'ArticleResponse' },
  adminCreateArticle: {
    method: 'POST',
    path: '/api/admin/articles',
    auth: 'admin',
    tag: 'admin',
    status: 201,
    summary: 'Publish an article (multipart: title, text, optional header image).',
    body: multipart('ArticleCreateForm'),
    response: 'ArticleSavedResponse',
  },
  adminUpdateArticle: {
    method: 'PUT',
    path: '/api/admin/articles/{articleId}',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Edit an article (multipart: changed fields, a new image, or remove_image).',
    body: multipart('ArticleUpdateForm'),
    response: 'ArticleSavedResponse',
  },
  adminDeleteArticle: {
    method: 'DELETE',
    path: '/api/admin/articles/{articleId}',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Remove an article and its image.',
    response: 'MessageResponse',
  },

  // Leagues (docs/leagues.md)
  createLeague: {
    method: 'POST',
    path: '/api/leagues',
    auth: 'required',
    tag: 'leagues',
    status: 201,
    summary: 'Create a league; the caller is its administrator and first member.',
    body: json('CreateLeagueRequest'),
    response: 'CreateLeagueResponse',
  },
  searchLeagues: {
    method: 'GET',
    path: '/api/leagues',
    auth: 'optional',
    tag: 'leagues',
    status: 200,
    summary: 'Leagues by name (private ones only for their members).',
    query: 'LeagueSearchQuery',
    response: 'LeaguesResponse',
  },
  myLeagues: {
    method: 'GET',
    path: '/api/leagues/my',
    auth: 'required',
    tag: 'leagues',
    status: 200,
    summary: 'The leagues the caller is a member of.',
    response: 'LeaguesResponse',
  },
  league: {
    method: 'GET',
    path: '/api/leagues/{leagueId}',
    auth: 'optional',
    tag: 'leagues',
    status: 200,
    summary: 'A league with its members and their rights (a private one for members; an invitee sees its name).',
    query: 'TimezoneQuery',
    response: 'LeagueResponse',
  },
  updateLeague: {
    method: 'PUT',
    path: '/api/leagues/{leagueId}',
    auth: 'required',
    tag: 'leagues',
    status: 200,
    summary: "Change a league's settings, image and member rights (multipart).",
    body: multipart('LeagueSettingsForm'),
    response: 'LeagueSettingsResponse',
  },
  joinLeague: {
    method: 'POST',
    path: '/api/leagues/join',
    auth: 'required',
    tag: 'leagues',
    status: 200,
    summary: 'Join a league (a private one through a pending invite).',
    body: json('LeagueMembershipRequest'),
    response: 'LeagueMembershipResponse',
  },
  leaveLeague: {
    method: 'POST',
    path: '/api/leagues/leave',
    auth: 'required',
    tag: 'leagues',
    status: 200,
    summary: 'Leave a league (an administrator hands it to the longest-standing member).',
    body: json('LeagueMembershipRequest'),
    response: 'LeagueMembershipResponse',
  },
  inviteToLeague: {
    method: 'POST',
    path: '/api/leagues/invite',
    auth: 'required',
    tag: 'leagues',
    status: 201,
    summary: 'Invite a player to a league (a league_invite notification).',
    body: json('LeagueInviteRequest'),
    response: 'MessageResponse',
  },
  declineLeagueInvite: {
    method: 'POST',
    path: '/api/leagues/decline-invite',
    auth: 'required',
    tag: 'leagues',
    status: 200,
    summary: "Decline the caller's pending invite to a league.",
    body: json('LeagueMembershipRequest'),
    response: 'MessageResponse',
  },
  leagueChat: {
    method: 'GET',
    path: '/api/leagues/chat/{leagueId}',
    auth: 'required',
    tag: 'leagues',
    status: 200,
    summary: "A league's chat (members only), newest page first; older pages by cursor.",
    query: 'LeagueChatQuery',
    response: 'LeagueChatResponse',
  },
  sendLeagueChat: {
    method: 'POST',
    path: '/api/leagues/chat',
    auth: 'required',
    tag: 'leagues',
    status: 201,
    summary: "Write in a league's chat (members only).",
    body: json('SendLeagueChatRequest'),
    response: 'SendLeagueChatResponse',
  },

  // League matches: the one match engine with a league scope (docs/leagues.md#league-matches)
  createLeagueMatch: {
    method: 'POST',
    path: '/api/leagues/create-match',
    auth: 'required',
    tag: 'league-matches',
    status: 201,
    summary: 'Create a league match (members with the right to create).',
    body: json('CreateLeagueMatchRequest'),
    response: 'CreateLeagueMatchResponse',
  },
  leagueMatchDetails: {
    method: 'GET',
    path: '/api/leagues/match-details/{matchId}',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: "A league match's lobby, for its players.",
    response: 'MatchDetails',
  },
  leagueJoinTeam: {
    method: 'POST',
    path: '/api/leagues/join-team',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: 'Change Team in a league match.',
    body: json('JoinTeamRequest'),
    response: 'JoinTeamResponse',
  },
  leagueStartMatch: {
    method: 'POST',
    path: '/api/leagues/start-match/{matchId}',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: 'Start a ready league match (its creator only).',
    body: json('StartMatchRequest'),
    response: 'StartMatchResponse',
  },
  leagueJoinMatch: {
    method: 'POST',
    path: '/api/leagues/join-match',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: "Join a league match by code (the league's members only).",
    body: json('LeagueJoinMatchRequest'),
    response: 'LeagueJoinMatchResponse',
  },
  leagueReportScore: {
    method: 'POST',
    path: '/api/leagues/report-score',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: 'Report the score of a league match (1v1 or team payload).',
    body: json('LeagueReportScoreRequest'),
    response: 'ReportScoreResponse',
  },
  leagueDisputeDetails: {
    method: 'GET',
    path: '/api/league-dispute-match-details/{matchId}',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: 'What each side of a league match reported.',
    query: 'LeagueDisputeQuery',
    response: 'LeagueDisputeDetails',
  },
  resolveLeagueDispute: {
    method: 'POST',
    path: '/api/resolve-league-dispute',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: "Submit a side's final score of a disputed league match.",
    body: json('ResolveLeagueDisputeRequest'),
    response: 'ResolveDisputeResponse',
  },
  leagueRematch: {
    method: 'POST',
    path: '/api/leagues/rematch/{matchId}',
    auth: 'required',
    tag: 'league-matches',
    status: 201,
    summary: 'Create a new league match like a completed one in the same league (the right to create applies) and invite its other players.',
    body: json('StartMatchRequest'),
    response: 'RematchResponse',
  },
  leagueLeaderboard: {
    method: 'GET',
    path: '/api/leagues/leaderboard/{leagueId}',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: "The league's leaderboard from its own rating pool (members only).",
    response: 'LeagueLeaderboardResponse',
  },
  leagueMatchHistory: {
    method: 'GET',
    path: '/api/leagues/match-history/{leagueId}',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: "The league's completed matches, newest first (members only).",
    query: 'TimezoneQuery',
    response: 'LeagueHistoryResponse',
  },
  addMatchHistory: {
    method: 'POST',
    path: '/api/leagues/add-match-history',
    auth: 'required',
    tag: 'league-matches',
    status: 201,
    summary: 'Add a past match to the league history (can_create_match_history).',
    body: json('AddMatchHistoryRequest'),
    response: 'AddMatchHistoryResponse',
  },
  contestLeagueMatch: {
    method: 'POST',
    path: '/api/leagues/contest-match',
    auth: 'required',
    tag: 'league-matches',
    status: 200,
    summary: 'Contest a back-filled league match within 48 h: it becomes a league dispute.',
    body: json('ContestLeagueMatchRequest'),
    response: 'MessageResponse',
  },

  // Courts, check-in and the live queue (docs/courts.md)
  ...COURT_ROUTES,
  ...COURT_STATS_ROUTES,

  // Witnessed score: scorers, taps, the scoreboard and its public link (docs/matches.md#witnessed-score)
  ...WITNESSED_ROUTES,
  // Fair play: the integrity queue, appeals, the rating's accuracy, the lobby's chances (docs/rating.md#integrity)
  ...FAIR_PLAY_ROUTES,
});

export type RouteName = keyof typeof ROUTES;
export type Routes = typeof ROUTES;

/** Fills `{param}` placeholders; values are URI-encoded. */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}
