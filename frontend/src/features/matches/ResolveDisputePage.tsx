import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, REPORT_REDIRECT_MS, type DisputeProposal, type MatchType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { useDisputeDetails } from './matchQueries';
import type { MatchScope } from './matchScope';
import { DisputeCard } from './DisputeCard';
import { MatchResultCard } from './MatchResultCard';
import { overallScope } from './overallScope';
import { PlayerList } from './PlayerList';
import { ReportedScores } from './ReportedScores';
import { parseScores, ScoreInputs } from './ScoreInputs';
import './matches.css';
import './play-loop.css';
import { SkeletonLines } from '../../components/Skeleton';
import { ScoreLogs } from '../scoreboard/ScoreLogs';

/**
 * /resolve-dispute/{id} (1v1) and /resolve-dispute-{type}/{id}, and with the league scope
 * /league-dispute/{id}?league_id=: the dispute card (each side's claim, Accept theirs, Keep mine,
 * Propose another, the deadline) and the final-score form while the match is disputed; once it is
 * settled, the result instead of the form.
 */
export function ResolveDisputePage({ fixedType, scope = overallScope }: { fixedType?: MatchType; scope?: MatchScope }) {
  const title = scope.titles.dispute;
  usePageTitle(title);
  const { matchId } = useParams();
  const id = Number(matchId);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const { data: details, error: loadError } = useDisputeDetails(id, scope);
  const type: MatchType = details?.match_type ?? fixedType ?? '1v1';
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [invalid, setInvalid] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const client = useQueryClient();
  const resolve = useMutation({
    mutationFn: (scores: [number, number]) => scope.api.resolve(details!, scores),
    // The card reads this side's new final score (and, when it settled it, the result) at once.
    onSuccess: () => client.invalidateQueries({ queryKey: scope.api.disputeKey(id) }),
  });

  // Settled by this answer: show it, then the match's page with the result in place of this one.
  // Still disputed: stay, the card waits for the other side live (docs/product.md#resolve-dispute).
  const lobby = scope.paths.lobby(id, type);
  const settled = resolve.data?.status === 'completed';
  useEffect(() => {
    if (!settled) return;
    const timer = window.setTimeout(() => void navigate(lobby, { replace: true }), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [settled, navigate, lobby]);

  if (!token)
    return (
      <section className="page card form-page">
        <h1>{title}</h1>
        <ErrorMessage>{scope.dispute.noToken}</ErrorMessage>
      </section>
    );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = scope.dispute.check(values);
    const scores = problem ? null : parseScores(values);
    setInvalid(problem);
    if (scores && details) resolve.mutate(scores);
    else resolve.reset();
  }

  /** Accept theirs / Keep mine: a proposal, from this side, sent as this side's final score (Team A first in team matches). */
  function send(p: DisputeProposal) {
    setInvalid(null);
    if (type === '1v1' || details?.my_team !== 'B') resolve.mutate([p.user_score, p.opponent_score]);
    else resolve.mutate([p.opponent_score, p.user_score]);
  }

  function proposeAnother() {
    const first = form.current?.querySelector('input');
    first?.focus();
  }

  const done = settled;
  const open = details?.status === 'disputed';
  const labels = scope.dispute.labels(details, type);
  return (
    <section className="page card form-page">
      <h1>{title}</h1>
      {!details ? (
        loadError ? (
          <ErrorMessage>{errorText(loadError, scope.dispute.loadFailed)}</ErrorMessage>
        ) : (
          <SkeletonLines count={3} />
        )
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
          <DisputeCard details={details} onSend={send} onPropose={proposeAnother} disabled={resolve.isPending || done} />
          <ScoreLogs evidence={details.witnessed ?? null} />
          {open && scope.dispute.words.list && <ReportedScores details={details} words={scope.dispute.words} />}
          {!open && <p className="muted">{details.status === 'completed' ? MSG.disputeSettled : MSG.matchNotDisputed}</p>}
          {details.result && <MatchResultCard matchId={id} matchType={details.match_type} result={details.result} scope={scope} />}
        </>
      )}
      {open && (
        <form ref={form} onSubmit={onSubmit} noValidate aria-label={scope.dispute.formLabel(labels, type)}>
          <ScoreInputs labels={labels} values={values} onChange={setValues} disabled={done} />
          <ErrorMessage>{invalid ?? errorText(resolve.error, scope.dispute.failed)}</ErrorMessage>
          <SuccessMessage>{resolve.data?.message}</SuccessMessage>
          <button type="submit" className="btn btn--primary btn--block" disabled={resolve.isPending || done}>
            {scope.dispute.submit}
          </button>
        </form>
      )}
      {!open && <SuccessMessage>{resolve.data?.message}</SuccessMessage>}
    </section>
  );
}
