import type { MessageResponse } from '../api/auth';
import type { RouteDef } from '../api/routes';
import type {
  AddCourtRequest,
  AdminCourtDecisionRequest,
  AdminCourtsResponse,
  CheckInRequest,
  CourtCodeResponse,
  CourtConfirmResponse,
  CourtEndGameRequest,
  CourtPageResponse,
  CourtResponse,
  CourtSettingsRequest,
  CourtsQuery,
  CourtsResponse,
  FavouriteCourtRequest,
  FlagCourtRequest,
  GroupAnswerRequest,
  GroupInviteRequest,
  PassHostRequest,
} from './api';

/** The court calls' wire types; ROUTES' WireTypes extends this (docs/courts.md). */
export interface CourtWireTypes {
  MessageResponse: MessageResponse;
  CourtsQuery: CourtsQuery;
  CourtsResponse: CourtsResponse;
  AddCourtRequest: AddCourtRequest;
  CourtResponse: CourtResponse;
  FlagCourtRequest: FlagCourtRequest;
  FavouriteCourtRequest: FavouriteCourtRequest;
  CourtSettingsRequest: CourtSettingsRequest;
  CheckInRequest: CheckInRequest;
  PassHostRequest: PassHostRequest;
  GroupInviteRequest: GroupInviteRequest;
  GroupAnswerRequest: GroupAnswerRequest;
  CourtCodeResponse: CourtCodeResponse;
  CourtPageResponse: CourtPageResponse;
  CourtConfirmResponse: CourtConfirmResponse;
  CourtEndGameRequest: CourtEndGameRequest;
  AdminCourtsResponse: AdminCourtsResponse;
  AdminCourtDecisionRequest: AdminCourtDecisionRequest;
}

const json = <T extends keyof CourtWireTypes>(type: T) => ({ type, kind: 'json' as const });
const P = '/api/courts/{courtId}';

/** Courts, check-in, the queue and the ops' court queue; spread into ROUTES. */
export const COURT_ROUTES = {
  courts: {
    method: 'GET',
    path: '/api/courts',
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'Courts near a point (nearest first), by name, or in a region; favourites first.',
    query: 'CourtsQuery',
    response: 'CourtsResponse',
  },
  addCourt: {
    method: 'POST',
    path: '/api/courts',
    auth: 'required',
    tag: 'courts',
    status: 201,
    summary: 'Add a court (verified players; a duplicate nearby is refused with the existing one).',
    body: json('AddCourtRequest'),
    response: 'CourtResponse',
  },
  court: {
    method: 'GET',
    path: P,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: "A court's page: headcount, queue, the game being called, games today, where the caller stands.",
    response: 'CourtPageResponse',
  },
  flagCourt: {
    method: 'POST',
    path: `${P}/flag`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'Flag a court for the ops to look at.',
    body: json('FlagCourtRequest'),
    response: 'MessageResponse',
  },
  favouriteCourt: {
    method: 'POST',
    path: `${P}/favourite`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'Favourite a court, or stop.',
    body: json('FavouriteCourtRequest'),
    response: 'MessageResponse',
  },
  courtSettings: {
    method: 'PUT',
    path: `${P}/settings`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: "Winner stays on (the host or the court's creator).",
    body: json('CourtSettingsRequest'),
    response: 'MessageResponse',
  },
  courtCheckIn: {
    method: 'POST',
    path: `${P}/check-in`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: "Check in: the first player opens the run and hosts; others give the host's code.",
    body: json('CheckInRequest'),
    response: 'CourtPageResponse',
  },
  courtLeave: {
    method: 'POST',
    path: `${P}/leave`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'Leave the court (and its queue); a leaving host passes the role on.',
    response: 'MessageResponse',
  },
  courtCode: { method: 'GET', path: `${P}/code`, auth: 'required', tag: 'courts', status: 200, summary: "The host's current check-in code.", response: 'CourtCodeResponse' },
  courtPassHost: {
    method: 'POST',
    path: `${P}/host`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'Pass the host role to a checked-in player.',
    body: json('PassHostRequest'),
    response: 'MessageResponse',
  },
  courtJoinQueue: { method: 'POST', path: `${P}/queue`, auth: 'required', tag: 'courts', status: 200, summary: 'Join the queue ("I got next").', response: 'CourtPageResponse' },
  courtLeaveQueue: { method: 'POST', path: `${P}/queue/leave`, auth: 'required', tag: 'courts', status: 200, summary: 'Leave the queue.', response: 'MessageResponse' },
  courtGroupInvite: {
    method: 'POST',
    path: `${P}/group/invite`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: "Invite a checked-in player to the caller's group (up to a team).",
    body: json('GroupInviteRequest'),
    response: 'MessageResponse',
  },
  courtGroupAnswer: {
    method: 'POST',
    path: `${P}/group/answer`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'Accept or decline a group invite.',
    body: json('GroupAnswerRequest'),
    response: 'MessageResponse',
  },
  courtCallNext: { method: 'POST', path: `${P}/call-next`, auth: 'required', tag: 'courts', status: 200, summary: 'Call the next game (the host).', response: 'CourtPageResponse' },
  courtConfirm: {
    method: 'POST',
    path: `${P}/confirm`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'Confirm a call ("You\'re up"); the last confirmation creates the match.',
    response: 'CourtConfirmResponse',
  },
  courtEndGame: {
    method: 'POST',
    path: `${P}/end-game`,
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: 'End a game on court without a report (the host); the court calls the next game. The match keeps its own report flow.',
    body: json('CourtEndGameRequest'),
    response: 'CourtPageResponse',
  },
  adminCourts: {
    method: 'GET',
    path: '/api/admin/courts',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Courts waiting for review and flagged courts.',
    response: 'AdminCourtsResponse',
  },
  adminCourtDecision: {
    method: 'POST',
    path: '/api/admin/courts/{courtId}',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Approve, rename, merge or remove a court.',
    body: json('AdminCourtDecisionRequest'),
    response: 'MessageResponse',
  },
} as const satisfies Record<string, RouteDef>;
