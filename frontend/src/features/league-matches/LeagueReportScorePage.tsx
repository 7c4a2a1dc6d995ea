import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, REPORT_REDIRECT_MS, isMatchType, type MatchType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { PlayerList } from '../matches/PlayerList';
import { ScoreInputs } from '../matches/ScoreInputs';
import { leagueMatchesApi } from './leagueMatchesApi';
import { useLeagueMatch } from './leagueMatchQueries';
import { LEAGUE_ID_KEY } from './paths';
import '../matches/matches.css';

/** A whole number ≥ 0 typed in a score box, else null. */
const whole = (v: string) => (/^\d{1,3}$/.test(v.trim()) ? Number(v) : null);

/** /lmreportscore/{matchId}?matchType=: Report Score for a league match; back to /leagues 2 s after success. */
export function LeagueReportScorePage() {
  usePageTitle('Report Score');
  const { matchId } = useParams();
  const [query] = useSearchParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const { data: match, error: loadError } = useLeagueMatch(id);
  const routeType = query.get('matchType');
  const type: MatchType | null = match?.match_type ?? (isMatchType(routeType) ? routeType : null);
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [invalid, setInvalid] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: ({ x, y, leagueId, opponentId }: { x: number; y: number; leagueId: number; opponentId: number | null }) =>
      type === '1v1'
        ? leagueMatchesApi.report1v1(leagueId, id, x, y, opponentId!)
        : leagueMatchesApi.reportTeams(leagueId, id, type!, x, y, match!.teamA.map((p) => p.user_id), match!.teamB.map((p) => p.user_id)),
  });

  useEffect(() => {
    if (!report.isSuccess) return;
    const timer = window.setTimeout(() => void navigate('/leagues'), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [report.isSuccess, navigate]);

  if (!token) return <section className="page card form-page"><h1>Report Score</h1><ErrorMessage>{MSG.reportLogin}</ErrorMessage></section>;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    report.reset();
    const problem = check();
    setInvalid(problem);
  }

  /** The checks of leagues §5 in order; submits when all pass. */
  function check(): string | null {
    if (!values[0].trim() || !values[1].trim()) return type === '1v1' ? MSG.leagueReportBoth1v1 : MSG.reportBothTeams;
    const leagueId = match?.league_id ?? (Number(localStorage.getItem(LEAGUE_ID_KEY)) || null);
    if (!leagueId) return MSG.leagueIdMissing;
    if (!type) return MSG.invalidMatchType;
    const opponentId = match?.opponent?.user_id ?? null;
    if (type === '1v1' && opponentId === null) return MSG.opponentMissing;
    const [x, y] = [whole(values[0]), whole(values[1])];
    if (x === null || y === null) return MSG.invalidScoreFormat;
    if (type !== '1v1' && !match) return MSG.matchDetailsFailed;
    report.mutate({ x, y, leagueId, opponentId });
    return null;
  }

  const done = report.isSuccess;
  const labels: [string, string] = type === '1v1' ? ['Your Score', "Opponent's Score"] : ['Team A Score', 'Team B Score'];
  return (
    <section className="page card form-page">
      <h1>Report Score</h1>
      {match ? (
        <div className="teams">
          {type === '1v1' ? (
            <PlayerList title="Opponent" players={match.opponent ? [match.opponent] : []} />
          ) : (
            <>
              <PlayerList title="Team A" players={match.teamA} />
              <PlayerList title="Team B" players={match.teamB} />
            </>
          )}
        </div>
      ) : loadError ? <ErrorMessage>{errorText(loadError, MSG.matchDetailsFailed)}</ErrorMessage> : <SkeletonLines count={3} />}
      {match && match.status !== 'in-progress' && <p className="muted">Match status: {match.status}</p>}
      <form onSubmit={onSubmit} noValidate>
        <ScoreInputs labels={labels} values={values} onChange={setValues} disabled={done} />
        <ErrorMessage>{invalid ?? errorText(report.error, MSG.reportFailed)}</ErrorMessage>
        <SuccessMessage>{report.data ? report.data.message || MSG.scoreReported : null}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={report.isPending || done}>{done ? 'Submitted' : 'Submit Score'}</button>
      </form>
    </section>
  );
}
