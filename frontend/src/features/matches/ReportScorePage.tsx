import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MSG, REPORT_REDIRECT_MS, type MatchType } from '@gotnext/shared';
import { errorMessage } from '../../api/client';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { matchesApi } from './matchesApi';
import { PlayerList } from './PlayerList';
import { reportedFlagKey, typeFromRoute } from './paths';
import { parseScores, ScoreInputs } from './ScoreInputs';
import { useLiveMatch } from './useLiveMatch';
import './matches.css';

/** /report-score/{id}?matchType= and /report-score{3v3,4v4,5v5}/{id}: one page, the route names the type. */
export function ReportScorePage({ fixedType }: { fixedType?: MatchType }) {
  usePageTitle('Report Score');
  const { matchId } = useParams();
  const [query] = useSearchParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const { match, error } = useLiveMatch(id, MSG.matchDetailsFailed);
  const type = match?.match_type ?? typeFromRoute(fixedType, query.get('matchType'));
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [submitted, setSubmitted] = useState(() => localStorage.getItem(reportedFlagKey(id)) === 'true');
  const [message, setMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (!token) return <section className="page card"><h1>Report Score</h1><ErrorMessage>{MSG.reportLogin}</ErrorMessage></section>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const scores = parseScores(values);
    if (!scores) return setFormError(type === '1v1' ? MSG.reportBoth1v1 : MSG.reportBothTeams);
    setBusy(true);
    try {
      const res = await matchesApi.report(id, type, scores[0], scores[1]);
      localStorage.setItem(reportedFlagKey(id), 'true');
      setSubmitted(true);
      setMessage(res.message || MSG.scoreReported);
      timer.current = window.setTimeout(() => navigate(-1), REPORT_REDIRECT_MS);
    } catch (err) {
      setFormError(errorMessage(err, MSG.reportError));
    } finally {
      setBusy(false);
    }
  }

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
      ) : (
        error ? <ErrorMessage>{error}</ErrorMessage> : <p className="muted">Loading...</p>
      )}
      {match && match.status !== 'in-progress' && <p className="muted">Match status: {match.status}</p>}
      <form onSubmit={onSubmit} noValidate>
        <ScoreInputs labels={labels} values={values} onChange={setValues} disabled={submitted} />
        <ErrorMessage>{formError}</ErrorMessage>
        <SuccessMessage>{message}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || submitted}>
          {submitted ? 'Submitted' : 'Submit Score'}
        </button>
      </form>
    </section>
  );
}
