import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG, otherSideName, teamSize } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { canStart, isOpen } from './lobbyRules';
import { useMatch } from './matchQueries';
import type { MatchScope } from './matchScope';
import { LobbyExitActions } from './LobbyExitActions';
import { MatchResultCard } from './MatchResultCard';
import { LobbyInvite, LobbyStatus, StartReason } from './LobbyWords';
import { InviteeVerifying } from './InviteeVerifying';
import { overallScope } from './overallScope';
import { PlayerList } from './PlayerList';
import { reportedFlagKey } from './paths';
import { useLobbyActions } from './useLobbyActions';
import './matches.css';
import { SkeletonLines } from '../../components/Skeleton';
import { PushPrompt } from '../notifications/PushPrompt';
import { ScorerChoice } from '../scoreboard/ScorerChoice';
import { LobbyChances } from '../fair-play/LobbyChances';

/** /pregame/{id} and, with the league scope, /lmpregame/{id}: the live lobby (docs/product.md). */
export function LobbyPage({ scope = overallScope }: { scope?: MatchScope }) {
  usePageTitle(scope.titles.lobby);
  const { matchId } = useParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const { data: match, error: loadError } = useMatch(id, scope.lobby.loadFailed, scope);
  const actions = useLobbyActions(id, match, userId, scope);
  const error = errorText(loadError, scope.lobby.loadFailed);

  useEffect(() => {
    if (match) scope.lobby.remember?.(match);
  }, [match, scope]);

  // The game has begun: every player whose side has not reported goes to the scoreboard (where the
  // scope has one) or the report page of this match type, once, in place of the lobby, so Back
  // from there does not bounce into it again.
  const sideReported = Boolean(match?.my_report);
  useEffect(() => {
    if (match?.status === 'in-progress' && !sideReported && localStorage.getItem(reportedFlagKey(id)) !== 'true')
      navigate(scope.paths.scoreboard?.(id) ?? scope.paths.report(id, match.match_type), { replace: true });
  }, [match?.status, match?.match_type, sideReported, id, navigate, scope]);

  const title = <h1>{scope.titles.lobby}</h1>;
  if (!token)
    return (
      <section className="page card">
        {title}
        <ErrorMessage>{MSG.lobbyLogin}</ErrorMessage>
      </section>
    );
  if (!match)
    return (
      <section className="page card">
        {title}
        {error ? <ErrorMessage>{error}</ErrorMessage> : <SkeletonLines count={3} />}
      </section>
    );

  const is1v1 = match.match_type === '1v1';
  const disputePath = scope.paths.dispute(id, match.match_type, match.league_id);
  const back = match.status === 'completed' ? scope.paths.back(match.league_id) : null;
  return (
    <section className="page card">
      {title}
      <p className="match-code" aria-label="Match code">
        {match.match_code || 'N/A'}
      </p>
      <LobbyStatus match={match} viewerId={userId} />
      <LobbyInvite match={match} scope={scope} />
      <InviteeVerifying match={match} />
      <dl className="match-facts">
        <dt>Match Type</dt>
        <dd>
          {match.match_type}
          {match.ranked ? ' · Ranked' : ''}
        </dd>
        <dt>Scoring</dt>
        <dd>{match.scoring_type}</dd>
        <dt>Players Needed</dt>
        <dd data-testid="players-needed">{match.players_needed}</dd>
      </dl>
      {is1v1 ? (
        <div className="teams">
          <PlayerList title="You" players={match.teamA.concat(match.teamB).filter((p) => p.user_id === userId)} />
          <PlayerList title="Opponent" players={match.opponent ? [match.opponent] : []} emptyText={scope.lobby.waitingForOpponent} />
        </div>
      ) : (
        <div className="teams">
          <PlayerList title="Team A" players={match.teamA} slots={teamSize(match.match_type)} />
          <PlayerList title="Team B" players={match.teamB} slots={teamSize(match.match_type)} />
        </div>
      )}
      {scope.paths.scoreboard && isOpen(match) && <ScorerChoice matchId={id} viewerId={userId} />}
      <LobbyChances match={match} />
      <ErrorMessage>{actions.error ?? error}</ErrorMessage>
      <div className="actions">
        {!is1v1 && isOpen(match) && (
          <button type="button" className="btn btn--secondary" disabled={actions.pending} onClick={() => actions.run('changeTeam')}>
            Change Team
          </button>
        )}
        {isOpen(match) && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={actions.pending || !canStart(match, userId)}
            aria-describedby="start-reason"
            onClick={() => actions.run('start')}
          >
            Start Game
          </button>
        )}
        {match.status === 'in-progress' && scope.paths.scoreboard && (
          <Link className="btn btn--primary" to={scope.paths.scoreboard(id)}>
            Open the scoreboard
          </Link>
        )}
        {match.status === 'in-progress' && !match.my_report && (
          <Link className="btn btn--primary" to={scope.paths.report(id, match.match_type)}>
            Report Score
          </Link>
        )}
        {match.status === 'in-progress' && match.my_report && (
          // Until the other side reports, a side's new report replaces its first (docs/matches.md#reporting).
          <Link className="btn btn--secondary" to={scope.paths.report(id, match.match_type)} state={{ changeReport: true }} replace>
            {MSG.changeMyReport}
          </Link>
        )}
        {match.status === 'disputed' && disputePath && (
          <Link className="btn btn--primary" to={disputePath}>
            {scope.lobby.disputeLabel}
          </Link>
        )}
        {back && (
          <Link className="btn btn--secondary" to={back.to}>
            {back.label}
          </Link>
        )}
      </div>
      <StartReason match={match} viewerId={userId} scope={scope} />
      {match.status === 'completed' && !match.result && match.team_a_score !== null && (
        <p>
          Final score: Team A {match.team_a_score} – Team B {match.team_b_score}
        </p>
      )}
      <LobbyExitActions match={match} userId={userId} leftTo={scope.paths.home(match.league_id)} />
      {match.status !== 'completed' && match.status !== 'cancelled' && (
        <PushPrompt text={match.status === 'in-progress' && match.my_report ? MSG.pushPromptReported(otherSideName(match)) : MSG.pushPromptLobby} />
      )}
      {match.result && <MatchResultCard matchId={id} matchType={match.match_type} result={match.result} scope={scope} />}
    </section>
  );
}
