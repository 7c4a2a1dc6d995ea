import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage } from '../../components/Feedback';
import { formatWhen } from '../notifications/NotificationEntry';
import './reports.css';
import { SkeletonLines } from '../../components/Skeleton';

/** A player reported by this many different players is highlighted. */
const MANY_REPORTERS = 3;

/**
 * The ops page of player reports (docs/social.md#reports): the players reported by the most
 * different players first, then every report, newest first.
 */
export function AdminReportsPage() {
  const { data, error } = useQuery({
    queryKey: queryKeys.adminReports(),
    queryFn: ({ signal }) => call(ROUTES.adminReports, { fallback: MSG.reportsLoadFailed, signal }),
  });
  if (error)
    return (
      <div className="card">
        <ErrorMessage>{errorText(error, MSG.reportsLoadFailed)}</ErrorMessage>
      </div>
    );
  if (!data) return <SkeletonLines count={3} className="card panel" />;
  return (
    <div className="stack">
      <section className="card">
        <h1>Player reports</h1>
        <h2>Most reported players</h2>
        {data.players.length === 0 ? (
          <p className="muted">No reports yet.</p>
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table" aria-label="Most reported players">
              <thead>
                <tr>
                  <th>Player</th>
                  <th>Distinct reporters</th>
                  <th>Reports</th>
                  <th>Last reported</th>
                </tr>
              </thead>
              <tbody>
                {data.players.map((p) => (
                  <tr key={p.user_id} className={p.distinct_reporters >= MANY_REPORTERS ? 'ops-table__hot' : undefined}>
                    <td>
                      <Link to={`/profile/${p.user_id}`}>{p.username}</Link>
                    </td>
                    <td className="ops-table__num">{p.distinct_reporters}</td>
                    <td className="ops-table__num">{p.reports}</td>
                    <td>{formatWhen(p.last_reported)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card">
        <h2>All reports, newest first</h2>
        {data.reports.length === 0 ? (
          <p className="muted">No reports yet.</p>
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table" aria-label="Reports">
              <thead>
                <tr>
                  <th>When</th>
                  <th>Player</th>
                  <th>Reason</th>
                  <th>Details</th>
                  <th>Reported by</th>
                  <th>Distinct reporters</th>
                </tr>
              </thead>
              <tbody>
                {data.reports.map((r) => (
                  <tr key={r.id}>
                    <td>{formatWhen(r.timestamp)}</td>
                    <td>
                      <Link to={`/profile/${r.reported_user_id}`}>{r.reported_username}</Link>
                    </td>
                    <td>{r.reason}</td>
                    <td className="ops-table__details">{r.details ?? ''}</td>
                    <td>
                      <Link to={`/profile/${r.reporter_id}`}>{r.reporter_username}</Link>
                    </td>
                    <td className="ops-table__num">{r.distinct_reporters}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
