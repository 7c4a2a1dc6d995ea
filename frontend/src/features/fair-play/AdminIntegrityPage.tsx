import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, type IntegrityCaseView } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { formatWhen } from '../notifications/NotificationEntry';
import './fair-play.css';

const KIND = { ring: 'Boosting ring', boosting: 'Boosting', sandbagging: 'Sandbagging' } as const;

function CaseCard({ c }: { c: IntegrityCaseView }) {
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'confirm' | 'dismiss') => call(ROUTES.adminDecideIntegrity, { params: { caseId: c.id }, body: { decision }, fallback: MSG.tryAgain }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.adminIntegrity() }),
  });
  return (
    <section className="card" aria-label={`Case ${c.id}: ${c.username}`}>
      <h2>
        {KIND[c.kind]} · {c.username} <span className="muted">({c.status})</span>
      </h2>
      <ul className="fair-play__evidence">
        {c.evidence.map((e) => (
          <li key={e.code}>{e.words}</li>
        ))}
      </ul>
      <dl className="match-facts">
        <dt>With</dt>
        <dd>{c.with.map((w) => w.username).join(', ') || '—'}</dd>
        <dt>Matches</dt>
        <dd>{c.match_ids.length}</dd>
        <dt>Signal strength</dt>
        <dd>{Math.round(c.score * 100)} %</dd>
        <dt>Flagged</dt>
        <dd>{formatWhen(c.created_at)}</dd>
        {c.decided_at && (
          <>
            <dt>Decided</dt>
            <dd>{formatWhen(c.decided_at)}</dd>
          </>
        )}
      </dl>
      {c.appeal && (
        <blockquote className="fair-play__appeal" aria-label="Appeal">
          <p>{c.appeal}</p>
          <footer className="muted">Appeal sent {c.appealed_at ? formatWhen(c.appealed_at) : ''}</footer>
        </blockquote>
      )}
      {c.status === 'open' && (
        <div className="actions">
          <button type="button" className="btn btn--danger-outline" disabled={decide.isPending} onClick={() => decide.mutate('confirm')}>
            Confirm and refund
          </button>
          <button type="button" className="btn btn--secondary" disabled={decide.isPending} onClick={() => decide.mutate('dismiss')}>
            Dismiss
          </button>
        </div>
      )}
      <ErrorMessage>{errorText(decide.error, MSG.tryAgain)}</ErrorMessage>
      <SuccessMessage>{decide.data?.message}</SuccessMessage>
    </section>
  );
}

/**
 * The ops' fair-play queue (docs/rating.md#integrity): what the nightly integrity scan flagged,
 * with the evidence in words. Confirm replays history without the case's matches and refunds the
 * players they took rating from; Dismiss keeps their full weight. Appeals show under their case.
 */
export function AdminIntegrityPage() {
  const { data, error } = useQuery({
    queryKey: queryKeys.adminIntegrity(),
    queryFn: ({ signal }) => call(ROUTES.adminIntegrity, { fallback: MSG.tryAgain, signal }),
  });
  if (error)
    return (
      <div className="card">
        <ErrorMessage>{errorText(error, MSG.tryAgain)}</ErrorMessage>
      </div>
    );
  if (!data)
    return (
      <div className="card">
        <SkeletonLines count={3} />
      </div>
    );
  return (
    <div className="stack">
      <section className="card">
        <h1>Fair play</h1>
        {data.cases.length === 0 && <p className="muted">Nothing flagged.</p>}
      </section>
      {data.cases.map((c) => (
        <CaseCard key={c.id} c={c} />
      ))}
    </div>
  );
}
