import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { rememberedInvite, verifyForInvitePath } from '../verification/inviteReturn';
import { useMe } from '../account/useMe';

const VERIFY_FAILED = 'Failed to verify email.';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/** The body is normally `{message}`, but older servers answered errors in plain text (docs/api.md). */
function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return undefined;
}

function verify(token: string): Promise<Outcome> {
  return call(ROUTES.verifyEmail, { params: { token }, fallback: VERIFY_FAILED }).then(
    (body): Outcome => ({ ok: true, message: readMessage(body) ?? MSG.emailVerified }),
    (err): Outcome => {
      if (err instanceof ApiError && err.status !== 0) {
        const fromText = err.serverMessage ?? (err.bodyText && !err.bodyText.trimStart().startsWith('<') ? err.bodyText.trim() : undefined);
        return { ok: false, message: fromText || VERIFY_FAILED };
      }
      return { ok: false, message: err instanceof ApiError ? err.message : VERIFY_FAILED };
    },
  );
}

export function VerifyEmailPage() {
  usePageTitle('Verify Email');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  // The link is single use, so the call happens once per token for the life of the page, even
  // though React's StrictMode mounts the page twice in development: the answer never goes stale.
  const invite = rememberedInvite();
  // The ID step is next for an invited player and for a logged-in one whose ID is not verified yet.
  const { data: me } = useMe();
  const next = invite ? verifyForInvitePath(invite) : me && !me.id_verified ? '/verification' : null;
  const { data: outcome } = useQuery({ queryKey: queryKeys.emailVerification(token), queryFn: () => verify(token), staleTime: Infinity, gcTime: Infinity });

  return (
    <section className="page card form-page center">
      <h1>Email Verification</h1>
      {outcome === undefined ? (
        <p className="muted">Verifying your email...</p>
      ) : outcome.ok ? (
        <SuccessMessage>{outcome.message}</SuccessMessage>
      ) : (
        <ErrorMessage>{outcome.message}</ErrorMessage>
      )}
      {/* On with the ID step (and from there back to the invite, if one sent the player here). */}
      {outcome?.ok && next && (
        <Link to={next} className="btn btn--primary btn--block">
          Continue verifying
        </Link>
      )}
      <button type="button" className={`btn btn--block ${outcome?.ok && next ? 'btn--secondary' : 'btn--primary'}`} onClick={() => void navigate('/')}>
        Go to Home
      </button>
    </section>
  );
}
