import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, type AdminDispute, type TeamScores } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { formatWhen } from '../notifications/NotificationEntry';
import './play-loop.css';
import { ScoreLogs } from '../scoreboard/ScoreLogs';

const score = (s: TeamScores | null) => (s ? `Team A ${s.team_a_score} – Team B ${s.team_b_score}` : '—');
const names = (team: AdminDispute['team_a']) => team.map((p) => p.username).join(', ');

/** One dispute in the queue: both reports, both proposals, each player's dispute record, and the decision form. */
function DisputeCard({ d }: { d: AdminDispute }) {
  const client = useQueryClient();
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const decide = useMutation({
    mutationFn: (body: { decision: 'score' | 'void'; team_a_score?: number; team_b_score?: number }) =>
      call(ROUTES.adminDecideDispute, { params: { matchId: d.match_id }, body, fallback: MSG.tryAgain }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.adminDisputes() }),
  });
  const valid = /^\d{1,3}$/.test(a) && /^\d{1,3}$/.test(b);
  return (
    <section className="card" aria-label={`Dispute ${d.match_code}`}>
      <h2>
        {d.match_type} {d.ranked ? 'ranked' : 'pickup'} · {d.match_code}
      </h2>
      <dl className="match-facts">
        <dt>Scoring</dt>
        <dd>{d.scoring_type}</dd>
        <dt>Team A</dt>
        <dd>{names(d.team_a)}</dd>
        <dt>Team B</dt>
        <dd>{names(d.team_b)}</dd>
        <dt>Team A reported</dt>
        <dd>{score(d.team_a_report)}</dd>
        <dt>Team B reported</dt>
        <dd>{score(d.team_b_report)}</dd>
        <dt>Team A proposes</dt>
        <dd>{score(d.team_a_proposal)}</dd>
        <dt>Team B proposes</dt>
        <dd>{score(d.team_b_proposal)}</dd>
        <dt>Disputed</dt>
        <dd>{formatWhen(d.disputed_at)}</dd>
        <dt>Voided if untouched</dt>
        <dd>{formatWhen(d.void_at)}</dd>
      </dl>
      <div className="ops-table-wrap">
        <table className="ops-table" aria-label="Dispute records">
          <thead>
            <tr>
              <th>Player</th>
              <th>Disputes</th>
              <th>Voided</th>
              <th>Settled by ops</th>
            </tr>
          </thead>
          <tbody>
            {d.histories.map((h) => (
              <tr key={h.user_id}>
                <td>{h.username}</td>
                <td className="ops-table__num">{h.disputes}</td>
                <td className="ops-table__num">{h.voided}</td>
                <td className="ops-table__num">{h.ops_settled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ScoreLogs evidence={d.witnessed ?? null} />
      <form
        className="actions"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) decide.mutate({ decision: 'score', team_a_score: Number(a), team_b_score: Number(b) });
        }}
      >
        <label>
          Team A score <input inputMode="numeric" value={a} onChange={(e) => setA(e.target.value.trim())} size={4} />
        </label>
        <label>
          Team B score <input inputMode="numeric" value={b} onChange={(e) => setB(e.target.value.trim())} size={4} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={!valid || decide.isPending}>
          Settle with this score
        </button>
        <button type="button" className="btn btn--danger-outline" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'void' })}>
          Void
        </button>
      </form>
      <ErrorMessage>{errorText(decide.error, MSG.tryAgain)}</ErrorMessage>
      <SuccessMessage>{decide.data?.message}</SuccessMessage>
    </section>
  );
}

/**
 * The ops' dispute queue (docs/matches.md#moderation): disputes past their 72 h deadline, oldest
 * first. A score settles one (rated when ranked); Void voids it; both sides are notified.
 */
export function AdminDisputesPage() {
  const { data, error } = useQuery({
    queryKey: queryKeys.adminDisputes(),
    queryFn: ({ signal }) => call(ROUTES.adminDisputes, { fallback: MSG.disputesLoadFailed, signal }),
  });
  if (error)
    return (
      <div className="card">
        <ErrorMessage>{errorText(error, MSG.disputesLoadFailed)}</ErrorMessage>
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
        <h1>Disputes waiting for ops</h1>
        {data.disputes.length === 0 && <p className="muted">No dispute is waiting.</p>}
      </section>
      {data.disputes.map((d) => (
        <DisputeCard key={d.match_id} d={d} />
      ))}
    </div>
  );
}
