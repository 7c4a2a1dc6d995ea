import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG, teamSize } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { canStart, isOpen } from './lobbyRules';
import { useMatch } from './matchQueries';
import { LobbyExitActions } from './LobbyExitActions';
import { MatchResultCard } from './MatchResultCard';
import { LobbyInvite, LobbyStatus, StartReason } from './LobbyWords';
import { PlayerList } from './PlayerList';
import { reportedFlagKey, reportPath, resolvePath } from './paths';
import { useLobbyActions } from './useLobbyActions';
import './matches.css';
import { SkeletonLines } from '../../components/Skeleton';

/** /pregame/{id}: the live lobby (docs/product.md). */
export function LobbyPage() {
  usePageTitle('Match Lobby');
  const { matchId } = useParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const { data: match, error: loadError } = useMatch(id, MSG.lobbyLoadFailed);
  const actions = useLobbyActions(id, match, userId);
  const error = errorText(loadError, MSG.lobbyLoadFailed);

  // The game has begun: every player goes to the report page of this match type (once).
  useEffect(() => {
    if (match?.status === 'in-progress' && localStorage.getItem(reportedFlagKey(id)) !== 'true') navigate(reportPath(id, match.match_type));
  }, [match?.status, match?.match_type, id, navigate]);

  if (!token) return <section className="page card"><h1>Match Lobby</h1><ErrorMessage>{MSG.lobbyLogin}</ErrorMessage></section>;
  if (!match) return <section className="page card"><h1>Match Lobby</h1>{error ? <ErrorMessage>{error}</ErrorMessage> : <SkeletonLines count={3} />}</section>;

  const is1v1 = match.match_type === '1v1';
  return (
    <section className="page card">
      <h1>Match Lobby</h1>
      <p className="match-code" aria-label="Match code">{match.match_code}</p>
      <LobbyStatus match={match} viewerId={userId} />
      <LobbyInvite match={match} />
      <dl className="match-facts">
        <dt>Match Type</dt>
        <dd>{match.match_type}{match.ranked ? ' · Ranked' : ''}</dd>
        <dt>Scoring</dt>
        <dd>{match.scoring_type}</dd>
        <dt>Status</dt>
        <dd data-testid="match-status">{match.status}</dd>
        <dt>Players Needed</dt>
        <dd data-testid="players-needed">{match.players_needed}</dd>
      </dl>
      {is1v1 ? (
        <div className="teams">
          <PlayerList title="You" players={match.teamA.concat(match.teamB).filter((p) => p.user_id === userId)} />
          <PlayerList title="Opponent" players={match.opponent ? [match.opponent] : []} emptyText="Waiting for an opponent…" />
        </div>
      ) : (
        <div className="teams">
          <PlayerList title="Team A" players={match.teamA} slots={teamSize(match.match_type)} />
          <PlayerList title="Team B" players={match.teamB} slots={teamSize(match.match_type)} />
        </div>
      )}
      <ErrorMessage>{actions.error ?? error}</ErrorMessage>
      <div className="actions">
        {!is1v1 && isOpen(match) && (
          <button type="button" className="btn btn--secondary" disabled={actions.pending} onClick={() => actions.run('changeTeam')}>
            Change Team
          </button>
        )}
        {isOpen(match) && (
          <button type="button" className="btn btn--primary" disabled={actions.pending || !canStart(match, userId)} aria-describedby="start-reason" onClick={() => actions.run('start')}>
            Start Game
          </button>
        )}
        {match.status === 'in-progress' && <Link className="btn btn--primary" to={reportPath(id, match.match_type)}>Report Score</Link>}
        {match.status === 'disputed' && <Link className="btn btn--primary" to={resolvePath(id, match.match_type)}>Resolve Dispute</Link>}
      </div>
      <StartReason match={match} viewerId={userId} />
      {match.status === 'completed' && !match.result && match.team_a_score !== null && (
        <p>Final score: Team A {match.team_a_score} – Team B {match.team_b_score}</p>
      )}
      <LobbyExitActions match={match} userId={userId} />
      {match.result && <MatchResultCard matchId={id} matchType={match.match_type} result={match.result} />}
    </section>
  );
}
