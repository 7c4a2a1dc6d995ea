import type { CourtPageResponse } from '@gotnext/shared';

/** The queue in order (a group on one line) and the game being called, with who has confirmed. */
export function CourtQueue({ data }: { data: CourtPageResponse }) {
  return (
    <section className="card panel" aria-labelledby="court-queue">
      <h2 id="court-queue">Queue: {data.queue.reduce((n, u) => n + u.players.length, 0)}</h2>
      {data.call && <p className="court__call">Called: {data.call.players.map((p) => `${p.username}${p.confirmed ? ' ✓' : ''}`).join(', ')}</p>}
      {data.queue.length === 0 ? (
        <p className="muted">Nobody is waiting. Say "I got next".</p>
      ) : (
        <ol className="court__queue" aria-label="Queue">
          {data.queue.map((u) => (
            <li key={u.players.map((p) => p.user_id).join('-')} className={u.status === 'called' ? 'is-called' : undefined}>
              {u.players.map((p) => p.username).join(' + ')}
              {u.group_id !== null && <span className="muted"> (group)</span>}
              {u.status === 'called' && <span className="courts__badge">called</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
