import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, REPORT_REDIRECT_MS, lobbyStatusText, otherSideName, scoreFitsTarget, targetScore, type MatchDetails, type MatchType } from '@gotnext/shared';
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
import { PushPrompt } from '../notifications/PushPrompt';
import { MatchResultCard } from './MatchResultCard';

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
  const location = useLocation();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const { data: match, error: loadError } = useMatch(id, MSG.matchDetailsFailed, scope);
  const type = match?.match_type ?? scope.report.routeType(fixedType, query.get('matchType'));
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [reportedBefore] = useState(() => localStorage.getItem(reportedFlagKey(id)) === 'true');
  // Change my report (the lobby's, or this page's): the boxes open again, holding the side's report.
  const [changing, setChanging] = useState(() => (location.state as { changeReport?: boolean } | null)?.changeReport === true);
  const prefilled = useRef(false);
  useEffect(() => {
    if (!changing || prefilled.current || !match?.my_report) return;
    prefilled.current = true;
    setValues(boxesOf(match, match.my_report));
  }, [changing, match]);
  const [invalid, setInvalid] = useState<string | null>(null);
  // The review step (docs/product.md#the-review-step): the score read back before it is sent.
  const [review, setReview] = useState<[number, number] | null>(null);
  const report = useMutation({
    mutationFn: (scores: [number, number]) => scope.api.report(id, type!, scores, match),
    onSuccess: () => localStorage.setItem(reportedFlagKey(id), 'true'),
  });

  // Reported: show the answer, then the match's lobby in place of this page (Back from there does
  // not return to the form), in either scope (docs/product.md#report-score).
  const lobby = type ? scope.paths.lobby(id, type) : null;
  useEffect(() => {
    if (!report.isSuccess || !lobby) return;
    const timer = window.setTimeout(() => void navigate(lobby, { replace: true }), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [report.isSuccess, navigate, lobby]);

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

  // The side may change its report while the match is in progress, i.e. until the other side reported.
  const canChange = match?.status === 'in-progress' && Boolean(match.my_report);
  const submitted = report.isSuccess || ((reportedBefore || Boolean(match?.my_report)) && !(changing && canChange));
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
      {match && match.status !== 'in-progress' && !match.result && <p className="muted">Match status: {match.status}</p>}
      {match && canChange && !report.isPending && !report.isSuccess && (
        <div className="reported-note">
          <p data-testid="own-report">{lobbyStatusText(match, userId)}</p>
          {changing ? (
            lobby && (
              <Link className="btn btn--secondary" to={lobby} replace>
                {MSG.keepMyReport}
              </Link>
            )
          ) : (
            <button type="button" className="btn btn--secondary" onClick={() => setChanging(true)}>
              {MSG.changeMyReport}
            </button>
          )}
        </div>
      )}
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
      {match?.result && <MatchResultCard matchId={id} matchType={match.match_type} result={match.result} scope={scope} />}
      {report.isSuccess && report.data.status === 'in-progress' && match && <PushPrompt text={MSG.pushPromptReported(otherSideName(match))} />}
    </section>
  );
}

/** A side's report (from the caller's side) in this page's boxes: mine/theirs in 1v1, Team A/Team B otherwise. */
function boxesOf(match: MatchDetails, r: { user_score: number; opponent_score: number }): [string, string] {
  const [a, b] = match.match_type === '1v1' || match.my_team !== 'B' ? [r.user_score, r.opponent_score] : [r.opponent_score, r.user_score];
  return [String(a), String(b)];
}
