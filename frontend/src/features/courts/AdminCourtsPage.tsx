import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COURT_MSG, ROUTES, type AdminCourt, type AdminCourtDecisionRequest } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';

const KEY = ['courts', 'admin'] as const;

/** The ops' court queue (docs/courts.md#moderation): new and flagged courts; approve, rename, merge, remove. */
export function AdminCourtsPage() {
  const { data, error } = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(ROUTES.adminCourts, { fallback: COURT_MSG.courtNotFound, signal }) });
  if (error)
    return (
      <div className="card">
        <ErrorMessage>{errorText(error, COURT_MSG.courtNotFound)}</ErrorMessage>
      </div>
    );
  if (!data) return <SkeletonLines count={3} className="card panel" />;
  return (
    <section className="card stack">
      <h1>Courts</h1>
      {data.courts.length === 0 ? <p className="muted">No court waits for review.</p> : data.courts.map((c) => <CourtReview key={c.court_id} court={c} />)}
    </section>
  );
}

function CourtReview({ court }: { court: AdminCourt }) {
  const client = useQueryClient();
  const [name, setName] = useState(court.name);
  const [into, setInto] = useState('');
  const decide = useMutation({
    mutationFn: (body: AdminCourtDecisionRequest) => call(ROUTES.adminCourtDecision, { params: { courtId: court.court_id }, body, fallback: COURT_MSG.adminActionInvalid }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <article className="panel stack" aria-label={court.name}>
      <h2>
        {court.name} <span className="muted">({court.status})</span>
      </h2>
      <p className="muted">
        {court.address} · {court.lat.toFixed(5)}, {court.lng.toFixed(5)} · added by {court.creator.username}
      </p>
      {court.flags.map((f, i) => (
        <p key={i}>
          Flag by {f.by}: {f.reason || '(no reason)'}
        </p>
      ))}
      <div className="court__admin-actions">
        {court.status === 'pending' && (
          <button type="button" className="btn btn--primary btn--small" onClick={() => decide.mutate({ action: 'approve' })}>
            Approve
          </button>
        )}
        <input aria-label="New name" value={name} onChange={(e) => setName(e.target.value)} />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => decide.mutate({ action: 'rename', name })}>
          Rename
        </button>
        <input aria-label="Merge into court id" inputMode="numeric" value={into} onChange={(e) => setInto(e.target.value)} />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => decide.mutate({ action: 'merge', into_court_id: Number(into) })}>
          Merge
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => decide.mutate({ action: 'remove' })}>
          Remove
        </button>
      </div>
      <ErrorMessage>{errorText(decide.error, COURT_MSG.adminActionInvalid)}</ErrorMessage>
    </article>
  );
}
