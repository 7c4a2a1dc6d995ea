import { useQuery } from '@tanstack/react-query';
import { ROUTES, type FlaggedAccount } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';

const FAILED = 'Failed to load the identity flags.';

function Account({ a }: { a: FlaggedAccount }) {
  return (
    <span>
      <a href={`/profile/${a.user_id}`}>{a.username}</a> (#{a.user_id}, {a.name}, {a.email}){a.deleted ? ' (deleted)' : ''}
    </span>
  );
}

/**
 * /admin/identity: documents or faces already verified on one account that another account sent
 * (docs/identity-rules.md#one-person-one-account), newest first, both accounts named.
 */
export default function IdentityFlagsPage() {
  const flags = useQuery({ queryKey: ['admin', 'identity-flags'], queryFn: ({ signal }) => call(ROUTES.identityFlags, { fallback: FAILED, signal }) });
  return (
    <section className="card">
      <h1>Identity flags</h1>
      <p className="muted">
        A document or a face already verified on one account was sent by another. The second account was refused (a face is only flagged where ID_FACE_UNIQUE=flag); look into both.
      </p>
      <ErrorMessage>{flags.error ? errorText(flags.error, FAILED) : null}</ErrorMessage>
      {flags.data && flags.data.flags.length === 0 ? <p>No flags.</p> : null}
      {flags.data?.flags.length ? (
        <table className="admin__table">
          <thead>
            <tr>
              <th>When</th>
              <th>Same</th>
              <th>Sent by</th>
              <th>Verified on</th>
            </tr>
          </thead>
          <tbody>
            {flags.data.flags.map((f) => (
              <tr key={f.id}>
                <td>{new Date(f.flagged_at).toLocaleString()}</td>
                <td>{f.kind === 'face' ? 'Face' : 'Document'}</td>
                <td>
                  <Account a={f.account} />
                </td>
                <td>
                  <Account a={f.verified_account} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
