import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, REPORT_REDIRECT_MS, type LeagueDisputeDetails, type MatchPlayer } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { PlayerList } from '../matches/PlayerList';
import { ScoreInputs } from '../matches/ScoreInputs';
import { leagueMatchesApi } from './leagueMatchesApi';
import { useLeagueDisputeDetails } from './leagueMatchQueries';
import { LEAGUE_ID_KEY } from './paths';
import '../matches/matches.css';

const names = (team: MatchPlayer[]) => team.map((p) => p.username).join(' and ');

function OneOnOne({ d }: { d: LeagueDisputeDetails }) {
  const mine = d.userReportedScore;
  const theirs = d.opponentReportedScore;
  return (
    <>
      <PlayerList title="Opponent" players={d.opponent ? [d.opponent] : []} />
      <dl className="match-facts" aria-label="Reported scores">
        <dt>Match Type</dt>
        <dd>{d.match_type}</dd>
        <dt>Your Reported Score</dt>
        <dd>{mine ? `${mine.user_score} - ${mine.opponent_score}` : MSG.notReported}</dd>
        <dt>Opponent's Reported Score</dt>
        <dd>{theirs ? `${theirs.user_score} - ${theirs.opponent_score}` : MSG.notReported}</dd>
      </dl>
      <p className="muted">The reported scores do not match. Please discuss the result with your opponent, then submit the final score.</p>
    </>
  );
}

function Teams({ d }: { d: LeagueDisputeDetails }) {
  const line = (r: LeagueDisputeDetails['team_a_report']) => (r ? `Team A ${r.team_a_score} – Team B ${r.team_b_score}` : 'Team A N/A – Team B N/A');
  return (
    <>
      <div className="teams">
        <PlayerList title="Team A" players={d.teamA} />
        <PlayerList title="Team B" players={d.teamB} />
      </div>
      <dl className="match-facts" aria-label="Reported scores">
        <dt>Team A reported</dt>
        <dd>{line(d.team_a_report)}</dd>
        <dt>Team B reported</dt>
        <dd>{line(d.team_b_report)}</dd>
      </dl>
    </>
  );
}

/** /league-dispute/{matchId}?league_id=: each side submits its final score; then the league page. */
export function LeagueDisputePage() {
  usePageTitle('League Dispute');
  const { matchId } = useParams();
  const [query] = useSearchParams();
  const id = Number(matchId);
  const queryLeague = Number(query.get('league_id')) || null;
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const { data: d, error: loadError } = useLeagueDisputeDetails(id, queryLeague);
  const leagueId = d?.league_id ?? queryLeague ?? (Number(localStorage.getItem(LEAGUE_ID_KEY)) || null);
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [invalid, setInvalid] = useState<string | null>(null);
  const resolve = useMutation({ mutationFn: ([x, y]: [number, number]) => leagueMatchesApi.resolve(id, leagueId!, d!.match_type, x, y) });

  useEffect(() => {
    if (!resolve.isSuccess || !leagueId) return;
    const timer = window.setTimeout(() => void navigate(`/league/${leagueId}`), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [resolve.isSuccess, leagueId, navigate]);

  if (!token) return <section className="page card form-page"><h1>League Dispute</h1><ErrorMessage>{MSG.unauthorized}</ErrorMessage></section>;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    resolve.reset();
    if (!token) return setInvalid(MSG.leagueDisputeLogin);
    const parsed = values.map((v) => (/^\d{1,3}$/.test(v.trim()) ? Number(v) : null));
    if (!values[0].trim() || !values[1].trim()) return setInvalid(MSG.leagueDisputeBoth);
    if (parsed[0] === null || parsed[1] === null) return setInvalid(MSG.scoreInvalid);
    setInvalid(null);
    resolve.mutate([parsed[0], parsed[1]]);
  }

  const is1v1 = d?.match_type === '1v1';
  const labels: [string, string] = !d ? ['', ''] : is1v1 ? ['Your Score', "Opponent's Score"] : [names(d.teamA), names(d.teamB)];
  return (
    <section className="page card form-page">
      <h1>League Dispute</h1>
      {!d ? (
        loadError ? <ErrorMessage>{errorText(loadError, MSG.lobbyLoadFailed)}</ErrorMessage> : <SkeletonLines count={3} />
      ) : (
        <>
          {is1v1 ? <OneOnOne d={d} /> : <Teams d={d} />}
          {d.status !== 'disputed' && <p className="muted">Match status: {d.status}</p>}
          <form onSubmit={onSubmit} noValidate aria-label={is1v1 ? 'Final score' : `Final score: ${labels.join(' and ')}`}>
            <ScoreInputs labels={labels} values={values} onChange={setValues} disabled={resolve.isSuccess} />
            <ErrorMessage>{invalid ?? errorText(resolve.error, MSG.submitScoresError)}</ErrorMessage>
            <SuccessMessage>{resolve.data?.message}</SuccessMessage>
            <button type="submit" className="btn btn--primary btn--block" disabled={resolve.isPending || resolve.isSuccess}>Submit</button>
          </form>
        </>
      )}
    </section>
  );
}
