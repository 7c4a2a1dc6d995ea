import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG, teamSize, type MatchDetails } from '@gotnext/shared';
import { errorMessage } from '../../api/client';
import { ErrorMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { matchesApi } from './matchesApi';
import { PlayerList } from './PlayerList';
import { reportedFlagKey, reportPath, resolvePath } from './paths';
import { useLiveMatch } from './useLiveMatch';
import './matches.css';

/** Core §2: Start is enabled only for the creator of a ready match whose teams are both full. */
export function canStart(match: MatchDetails, viewerId: number | null): boolean {
  if (match.status !== 'ready' || viewerId !== match.creator_id) return false;
  if (match.match_type === '1v1') return true;
  const size = teamSize(match.match_type);
  return match.teamA.length === size && match.teamB.length === size;
}

export function LobbyPage() {
  usePageTitle('Match Lobby');
  const { matchId } = useParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const { match, error, reload } = useLiveMatch(id, MSG.lobbyLoadFailed);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const placing = useRef(false);

  // The game has begun: every player goes to the report page of this match type (once).
  useEffect(() => {
    if (match?.status === 'in-progress' && localStorage.getItem(reportedFlagKey(id)) !== 'true') navigate(reportPath(id, match.match_type));
  }, [match?.status, match?.match_type, id, navigate]);

  // A creator who is on neither team is placed on one automatically (core §2).
  useEffect(() => {
    if (!match || placing.current || match.match_type === '1v1') return;
    if (match.creator_id === userId && match.my_team === null && (match.status === 'waiting' || match.status === 'ready')) {
      placing.current = true;
      matchesApi.changeTeam(id).then(() => reload(), (err) => setActionError(errorMessage(err, MSG.switchTeamFailed)));
    }
  }, [match, userId, id, reload]);

  if (!token) return <section className="page card"><h1>Match Lobby</h1><ErrorMessage>{MSG.lobbyLogin}</ErrorMessage></section>;
  if (!match) return <section className="page card"><h1>Match Lobby</h1>{error ? <ErrorMessage>{error}</ErrorMessage> : <p className="muted">Loading...</p>}</section>;

  async function act(work: () => Promise<unknown>, fallback: string) {
    setActionError(null);
    setBusy(true);
    try {
      await work();
      await reload();
    } catch (err) {
      setActionError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  const is1v1 = match.match_type === '1v1';
  return (
    <section className="page card">
      <h1>Match Lobby</h1>
      <p className="match-code" aria-label="Match code">{match.match_code}</p>
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
          <PlayerList title="Opponent" players={match.opponent ? [match.opponent] : []} emptyText="Waiting for an opponent…" />
        </div>
      ) : (
        <div className="teams">
          <PlayerList title="Team A" players={match.teamA} />
          <PlayerList title="Team B" players={match.teamB} />
        </div>
      )}
      <ErrorMessage>{actionError ?? error}</ErrorMessage>
      <div className="actions">
        {!is1v1 && (match.status === 'waiting' || match.status === 'ready') && (
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => act(() => matchesApi.changeTeam(id), MSG.switchTeamFailed)}>
            Change Team
          </button>
        )}
        {(match.status === 'waiting' || match.status === 'ready') && (
          <button type="button" className="btn btn--primary" disabled={busy || !canStart(match, userId)} onClick={() => act(() => matchesApi.start(id), MSG.startFailed)}>
            Start Game
          </button>
        )}
        {match.status === 'in-progress' && <Link className="btn btn--primary" to={reportPath(id, match.match_type)}>Report Score</Link>}
        {match.status === 'disputed' && <Link className="btn btn--primary" to={resolvePath(id, match.match_type)}>Resolve Dispute</Link>}
      </div>
      {match.status === 'completed' && match.team_a_score !== null && (
        <p>Final score: Team A {match.team_a_score} – Team B {match.team_b_score}</p>
      )}
    </section>
  );
}
