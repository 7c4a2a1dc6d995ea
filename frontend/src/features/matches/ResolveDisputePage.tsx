import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, REPORT_REDIRECT_MS, type DisputeDetails, type MatchType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { useDisputeDetails } from './matchQueries';
import { matchesApi } from './matchesApi';
import { DisputeProposals } from './DisputeProposals';
import { MatchResultCard } from './MatchResultCard';
import { PlayerList } from './PlayerList';
import { parseScores, ScoreInputs } from './ScoreInputs';
import './matches.css';
import { SkeletonLines } from '../../components/Skeleton';

function ReportedScores({ details }: { details: DisputeDetails }) {
  if (details.match_type === '1v1') {
    const mine = details.userReportedScore;
    const theirs = details.opponentReportedScore;
    return (
      <dl className="match-facts" aria-label="Reported scores">
        <dt>You reported</dt>
        <dd>{mine ? `You ${mine.user_score} – Opponent ${mine.opponent_score}` : 'Nothing yet'}</dd>
        <dt>Opponent reported</dt>
        <dd>{theirs ? `You ${theirs.opponent_score} – Opponent ${theirs.user_score}` : 'Nothing yet'}</dd>
      </dl>
    );
  }
  const line = (r: DisputeDetails['team_a_report']) => (r ? `Team A ${r.team_a_score} – Team B ${r.team_b_score}` : 'Nothing yet');
  return (
    <dl className="match-facts" aria-label="Reported scores">
      <dt>Team A reported</dt>
      <dd>{line(details.team_a_report)}</dd>
      <dt>Team B reported</dt>
      <dd>{line(details.team_b_report)}</dd>
    </dl>
  );
}

/** /resolve-dispute/{id} (1v1) and /resolve-dispute-{type}/{id}: each side submits final scores. */
export function ResolveDisputePage({ fixedType }: { fixedType?: MatchType }) {
  usePageTitle('Resolve Dispute');
  const { matchId } = useParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const { data: details, error: loadError } = useDisputeDetails(id);
  const type: MatchType = details?.match_type ?? fixedType ?? '1v1';
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [invalid, setInvalid] = useState<string | null>(null);
  const resolve = useMutation({ mutationFn: (scores: [number, number]) => matchesApi.resolve(id, type, scores[0], scores[1]) });

  // Submitted: show the answer, then go home.
  useEffect(() => {
    if (!resolve.isSuccess) return;
    const timer = window.setTimeout(() => void navigate('/'), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [resolve.isSuccess, navigate]);

  if (!token) return <section className="page card"><h1>Resolve Dispute</h1><ErrorMessage>{MSG.reportLogin}</ErrorMessage></section>;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const scores = parseScores(values);
    setInvalid(scores ? null : MSG.disputeFillAll);
    if (scores) resolve.mutate(scores);
    else resolve.reset();
  }

  /** 'Accept their score': their proposal, from this side, sent as this side's final score. */
  function accept(mine: number, theirs: number) {
    setInvalid(null);
    if (type === '1v1') resolve.mutate([mine, theirs]);
    else resolve.mutate(details?.my_team === 'B' ? [theirs, mine] : [mine, theirs]);
  }

  const done = resolve.isSuccess;
  const labels: [string, string] = type === '1v1' ? ['Your Final Score', "Opponent's Final Score"] : ['Team A Final Score', 'Team B Final Score'];
  return (
    <section className="page card form-page">
      <h1>Resolve Dispute</h1>
      {!details ? (
        loadError ? <ErrorMessage>{errorText(loadError, MSG.matchDetailsError)}</ErrorMessage> : <SkeletonLines count={3} />
      ) : (
        <>
          <div className="teams">
            {type === '1v1' ? (
              <PlayerList title="Opponent" players={details.opponent ? [details.opponent] : []} />
            ) : (
              <>
                <PlayerList title="Team A" players={details.team_a} />
                <PlayerList title="Team B" players={details.team_b} />
              </>
            )}
          </div>
          <ReportedScores details={details} />
          <DisputeProposals details={details} onAccept={accept} disabled={resolve.isPending || done} />
          {details.status !== 'disputed' && <p className="muted">Match status: {details.status}</p>}
          {details.result && <MatchResultCard matchId={id} matchType={details.match_type} result={details.result} />}
        </>
      )}
      <form onSubmit={onSubmit} noValidate>
        <ScoreInputs labels={labels} values={values} onChange={setValues} disabled={done} />
        <ErrorMessage>{invalid ?? errorText(resolve.error, MSG.resolveFailed)}</ErrorMessage>
        <SuccessMessage>{resolve.data?.message}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={resolve.isPending || done}>
          Submit Final Score
        </button>
      </form>
    </section>
  );
}
