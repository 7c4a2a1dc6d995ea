import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { LobbyExitActions } from '../matches/LobbyExitActions';
import { canStart, isOpen } from '../matches/lobbyRules';
import { PlayerList } from '../matches/PlayerList';
import { leagueMatchesApi } from './leagueMatchesApi';
import { useLeagueMatch } from './leagueMatchQueries';
import { LEAGUE_ID_KEY, leagueDisputePath, leagueReportPath } from './paths';
import '../matches/matches.css';

type Action = 'changeTeam' | 'start';
const FALLBACK: Record<Action, string> = { changeTeam: MSG.switchTeamFailed, start: MSG.startFailed };

/** /lmpregame/{matchId}: the League Pregame Lobby, live in `match:{id}` (docs/product.md#league-pregame-lobby). */
export function LeagueLobbyPage() {
  usePageTitle('League Pregame Lobby');
  const { matchId } = useParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const client = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const { data: match, error: loadError } = useLeagueMatch(id);
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.match(id) });
  const action = useMutation({
    mutationFn: (which: Action): Promise<unknown> => (which === 'start' ? leagueMatchesApi.start(id) : leagueMatchesApi.changeTeam(id)),
    onSuccess: reload,
  });

  // A creator on neither team is joined to one automatically (docs/product.md#league-pregame-lobby), once per visit.
  const placing = useRef(false);
  const place = action.mutate;
  useEffect(() => {
    if (!match || placing.current || match.match_type === '1v1') return;
    if (match.creator_id === userId && match.my_team === null && isOpen(match)) {
      placing.current = true;
      place('changeTeam');
    }
  }, [match, userId, place]);

  useEffect(() => {
    if (match?.league_id) localStorage.setItem(LEAGUE_ID_KEY, String(match.league_id));
  }, [match?.league_id]);

  // In progress: everyone goes to the report page (docs/product.md#league-pregame-lobby).
  useEffect(() => {
    if (match?.status === 'in-progress') navigate(leagueReportPath(id, match.match_type));
  }, [match?.status, match?.match_type, id, navigate]);

  const title = <h1>League Pregame Lobby</h1>;
  if (!token) return <section className="page card">{title}<ErrorMessage>{MSG.lobbyLogin}</ErrorMessage></section>;
  const error = errorText(loadError, MSG.matchDetailsError);
  if (!match) return <section className="page card">{title}{error ? <ErrorMessage>{error}</ErrorMessage> : <SkeletonLines count={3} />}</section>;

  const is1v1 = match.match_type === '1v1';
  const start = () => {
    if (match.creator_id !== userId) return;
    action.mutate('start');
  };
  return (
    <section className="page card">
      {title}
      <p className="match-code" aria-label="Match code">{match.match_code || 'N/A'}</p>
      <dl className="match-facts">
        <dt>Match Type</dt>
        <dd>{match.match_type}</dd>
        <dt>Scoring</dt>
        <dd>{match.scoring_type}</dd>
        <dt>Status</dt>
        <dd data-testid="match-status">{match.status}</dd>
        <dt>Players Needed</dt>
        <dd data-testid="players-needed">{match.players_needed}</dd>
      </dl>
      {is1v1 ? (
        <div className="teams">
          <PlayerList title="Opponent" players={match.opponent ? [match.opponent] : []} emptyText={MSG.waitingForOpponentLeague} />
        </div>
      ) : (
        <div className="teams">
          <PlayerList title="Team A" players={match.teamA} />
          <PlayerList title="Team B" players={match.teamB} />
        </div>
      )}
      <ErrorMessage>{errorText(action.error, action.variables ? FALLBACK[action.variables] : MSG.tryAgain) ?? error}</ErrorMessage>
      {isOpen(match) && match.creator_id !== userId && <p className="muted">{MSG.onlyMatchCreatorStarts}</p>}
      <div className="actions">
        {!is1v1 && isOpen(match) && (
          <button type="button" className="btn btn--secondary" disabled={action.isPending} onClick={() => action.mutate('changeTeam')}>Change Team</button>
        )}
        {isOpen(match) && (
          <button type="button" className="btn btn--primary" disabled={action.isPending || !canStart(match, userId)} onClick={start}>Start Game</button>
        )}
        {match.status === 'disputed' && match.league_id && <Link className="btn btn--primary" to={leagueDisputePath(id, match.league_id)}>Resolve League Dispute</Link>}
        {match.status === 'completed' && match.league_id && <Link className="btn btn--secondary" to={`/league/${match.league_id}`}>Back to the league</Link>}
      </div>
      {match.status === 'completed' && match.team_a_score !== null && <p>Final score: Team A {match.team_a_score} – Team B {match.team_b_score}</p>}
      {/* The same Cancel / Leave as any lobby (docs/matches.md#cancel-and-leave). */}
      <LobbyExitActions match={match} userId={userId} leftTo={match.league_id ? `/league/${match.league_id}` : '/'} />
    </section>
  );
}
