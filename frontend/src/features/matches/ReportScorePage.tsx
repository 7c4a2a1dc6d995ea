import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, REPORT_REDIRECT_MS, scoreFitsTarget, targetScore, type MatchType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { useMatch } from './matchQueries';
import type { MatchScope } from './matchScope';
import { overallScope } from './overallScope';
import { PlayerList } from './PlayerList';
import { reportedFlagKey } from './paths';
import { parseScores, ScoreInputs } from './ScoreInputs';
import { ScoreReview, scoreLabels } from './ScoreReview';
import './matches.css';
import { SkeletonLines } from '../../components/Skeleton';

/**
 * /report-score/{id}?matchType= and /report-score{3v3,4v4,5v5}/{id}: one page, the route names the
 * type; with the league scope /lmreportscore/{id}?matchType=, the same page and review step.
 */
export function ReportScorePage({ fixedType, scope = overallScope }: { fixedType?: MatchType; scope?: MatchScope }) {
  usePageTitle('Report Score');
  const { matchId } = useParams();
  const [query] = useSearchParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const { data: match, error: loadError } = useMatch(id, MSG.matchDetailsFailed, scope);
  const type = match?.match_type ?? scope.report.routeType(fixedType, query.get('matchType'));
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [reportedBefore] = useState(() => localStorage.getItem(reportedFlagKey(id)) === 'true');
  const [invalid, setInvalid] = useState<string | null>(null);
  // The review step (docs/product.md#the-review-step): the score read back before it is sent.
  const [review, setReview] = useState<[number, number] | null>(null);
  const report = useMutation({
    mutationFn: (scores: [number, number]) => scope.api.report(id, type!, scores, match),
    onSuccess: () => localStorage.setItem(reportedFlagKey(id), 'true'),
  });

  // Reported: show the answer, then go back one page (the lobby, which now shows the outcome), in
  // either scope (docs/product.md#league-score-report).
  useEffect(() => {
    if (!report.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(-1), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [report.isSuccess, navigate]);

  if (!token)
    return (
      <section className="page card">
        <h1>Report Score</h1>
        <ErrorMessage>{MSG.reportLogin}</ErrorMessage>
      </section>
    );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = scope.report.check(values, match, type);
    setInvalid(problem);
    report.reset();
    setReview(problem ? null : parseScores(values));
  }

  function confirm(scores: [number, number]) {
    setReview(null);
    report.mutate(scores);
  }

  const submitted = reportedBefore || report.isSuccess;
  const error = errorText(loadError, MSG.matchDetailsFailed);
  const labels: [string, string] = type === '1v1' ? ['Your Score', "Opponent's Score"] : ['Team A Score', 'Team B Score'];
  const names = scoreLabels(match ?? null, type ?? '1v1');
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
      ) : error ? (
        <ErrorMessage>{error}</ErrorMessage>
      ) : (
        <SkeletonLines count={3} />
      )}
      {match && match.status !== 'in-progress' && <p className="muted">Match status: {match.status}</p>}
      {match && (
        <p className="muted" data-testid="score-target">
          {match.scoring_type} · {MSG.playsTo(targetScore(match.scoring_type))}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <ScoreInputs
          labels={labels}
          hints={names.hints}
          values={values}
          onChange={(v) => {
            setValues(v);
            setReview(null);
          }}
          disabled={submitted}
        />
        {review && (
          <ScoreReview
            scores={review}
            names={names.sides}
            fits={!match || scoreFitsTarget(review[0], review[1], match.scoring_type)}
            target={match ? targetScore(match.scoring_type) : 0}
            onConfirm={() => confirm(review)}
            onCancel={() => setReview(null)}
            pending={report.isPending}
          />
        )}
        <ErrorMessage>{invalid ?? errorText(report.error, scope.report.failed)}</ErrorMessage>
        <SuccessMessage>{report.data ? report.data.message || MSG.scoreReported : null}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={report.isPending || submitted || review !== null}>
          {submitted ? 'Submitted' : 'Submit Score'}
        </button>
      </form>
    </section>
  );
}
