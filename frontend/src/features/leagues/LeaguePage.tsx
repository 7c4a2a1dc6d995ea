import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, rooms, type League } from '@gotnext/shared';
import { errorText, isUnreachable } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useRoom } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { InviteMembersModal } from './InviteMembersModal';
import { LeagueChat } from './LeagueChat';
import { LeagueHeader } from './LeagueHeader';
import { LeagueLeaderboard } from './LeagueLeaderboard';
import { LeagueMembers } from './LeagueMembers';
import { LeagueSettingsModal } from './LeagueSettingsModal';
import { useLeague, useMembership } from './leagueQueries';
import { AddMatchHistoryModal } from '../league-matches/AddMatchHistoryModal';
import { useLeagueHistory, useLeagueLeaderboard } from '../league-matches/leagueMatchQueries';
import { RecentMatches } from '../league-matches/RecentMatches';
import './leagues.css';

/** /league/{leagueId} (docs/product.md#league-page). */
export function LeaguePage() {
  const { leagueId } = useParams();
  usePageTitle('League');
  const id = /^[1-9]\d{0,9}$/.test(leagueId ?? '') ? Number(leagueId) : null;
  if (id === null)
    return (
      <Shell>
        <p className="muted">{MSG.noLeagueData}</p>
      </Shell>
    );
  return <LeagueScreen key={id} leagueId={id} />;
}

const Shell = ({ children }: { children: ReactNode }) => (
  <section className="page card league-page">
    <h1>League</h1>
    {children}
  </section>
);

type ModalName = 'settings' | 'addMatch' | 'invite';

/**
 * The league as the server lets this player see it: live through `league:{id}` for members
 * (joined only while a member, so the room follows joining and leaving), polled while the socket
 * is down. Every control follows the rights the server sent with the league.
 */
function LeagueScreen({ leagueId }: { leagueId: number }) {
  const { data: league, error, isPending } = useLeague(leagueId);
  const me = useAuthStore((s) => s.userId);
  const loggedIn = useAuthStore((s) => s.token !== null);
  const client = useQueryClient();
  const membership = useMembership(leagueId);
  const navigate = useNavigate();
  const [modal, setModal] = useState<ModalName | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The league's standings and history calls are for members (docs/leagues.md#privacy); live with
  // the league. A visitor of a public league reads the history the league itself carries.
  const isMember = league?.viewer.is_member === true;
  const leaderboard = useLeagueLeaderboard(leagueId, isMember);
  const history = useLeagueHistory(leagueId, isMember);

  // Once in the room, read the chat again: a message sent between its first load and the join is not missed.
  useRoom(league?.viewer.is_member ? rooms.league(leagueId) : null, (r) => r.ok && void readAgain(client, { queryKey: queryKeys.leagueChat(leagueId) }));

  // Offline, a failed poll keeps the page (and a chat message waiting in its composer); a refusal
  // (the league gone, or no longer visible) still replaces it.
  if (error && !(isUnreachable(error) && league))
    return (
      <Shell>
        <ErrorMessage>{errorText(error, MSG.leagueLoadFailed)}</ErrorMessage>
      </Shell>
    );
  if (isPending)
    return (
      <Shell>
        <p className="muted">{MSG.leagueLoading}</p>
      </Shell>
    );
  if (!league)
    return (
      <Shell>
        <p className="muted">{MSG.noLeagueData}</p>
      </Shell>
    );

  const join = () => {
    setNotice(loggedIn ? null : MSG.joinLeagueLogin);
    if (loggedIn) membership.join.mutate();
  };
  const leave = () => {
    if (!confirmHandOver(league)) return;
    // Out of a private league, or the last one out (it is archived), its page is gone for this player: back to the list.
    membership.leave.mutate(undefined, { onSuccess: () => void ((league.is_private || league.member_count === 1) && navigate('/leagues')) });
  };
  const busy = membership.join.isPending || membership.leave.isPending || membership.decline.isPending;
  const failure = membership.join.error ?? membership.leave.error ?? membership.decline.error;

  if (!league.viewer.can_view_details) {
    return (
      <InvitePreview
        league={league}
        busy={busy}
        failure={failure}
        accept={() => membership.join.mutate()}
        decline={() => membership.decline.mutate(undefined, { onSuccess: () => void navigate('/leagues') })}
      />
    );
  }

  const rights = league.viewer.rights;
  return (
    <section className="page stack league-page">
      <LeagueHeader league={league} onJoin={join} onLeave={leave} pending={busy} error={failure} notice={notice} open={setModal} />
      <SuccessMessage>{saved}</SuccessMessage>
      {league.viewer.invite && <InviteBanner league={league} busy={busy} accept={() => membership.join.mutate()} decline={() => membership.decline.mutate()} />}
      {league.viewer.is_member && (
        <div className="league-actions" role="group" aria-label="League matches">
          {rights.can_create_match && (
            <Link to={`/clm/${leagueId}`} className="btn btn--primary" onClick={() => localStorage.setItem('league_id', String(leagueId))}>
              Create League Match
            </Link>
          )}
          <Link to={`/join-league-match/${leagueId}`} className="btn btn--secondary">
            Join League Match
          </Link>
        </div>
      )}
      <LeagueMembers league={league} me={me} />
      <LeagueLeaderboard standings={leaderboard.data ?? []} />
      <LeagueChat league={league} me={me} />
      <RecentMatches leagueId={leagueId} history={(isMember ? history.data : undefined) ?? league.match_history ?? []} />

      {modal === 'settings' && (
        <LeagueSettingsModal
          league={league}
          me={me}
          onClose={() => setModal(null)}
          onSaved={(message) => {
            setSaved(message);
            setModal(null);
          }}
        />
      )}
      {modal === 'invite' && <InviteMembersModal league={league} onClose={() => setModal(null)} />}
      {modal === 'addMatch' && (
        <AddMatchHistoryModal
          league={league}
          onClose={() => setModal(null)}
          onSaved={(message) => {
            setSaved(message);
            setModal(null);
          }}
        />
      )}
    </section>
  );
}

/** The administrator leaving hands the league over (docs/leagues.md#when-the-creator-leaves): they are told to whom first. */
function confirmHandOver(league: League): boolean {
  const successor = league.member_details.find((m) => m.user_id !== league.creator_id);
  if (!league.viewer.rights.is_admin || !successor) return true;
  return window.confirm(MSG.leaveHandOver(successor.username));
}

interface InviteProps {
  league: League;
  busy: boolean;
  accept: () => void;
  decline: () => void;
}

function InviteBanner({ league, busy, accept, decline }: InviteProps) {
  return (
    <div className="card panel league-invite" role="group" aria-label="Invite">
      <p>{MSG.leagueInvited(league.viewer.invite!.inviter_username)}</p>
      <div className="league-invite__buttons">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={accept}>
          Accept
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={decline}>
          Decline
        </button>
      </div>
    </div>
  );
}

/** A private league seen by an invitee: its name and the invite, nothing else (docs/leagues.md#privacy). */
function InvitePreview({ failure, ...props }: InviteProps & { failure: unknown }) {
  return (
    <section className="page card league-page">
      <h1>{props.league.name}</h1>
      <p className="muted">Private league</p>
      <InviteBanner {...props} />
      <ErrorMessage>{errorText(failure, MSG.tryAgain)}</ErrorMessage>
    </section>
  );
}
