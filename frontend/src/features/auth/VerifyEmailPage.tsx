import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { ApiError, api } from '../../api/client';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';

const VERIFY_FAILED = 'Failed to verify email.';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * The link is single use, so the call must happen once per token even though React's StrictMode
 * mounts the page twice in development: remember each token's call for the life of the page.
 */
const calls = new Map<string, Promise<Outcome>>();

/** The body is normally `{message}`, but older servers answered errors in plain text (core §7). */
function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return undefined;
}

function verify(token: string): Promise<Outcome> {
  let call = calls.get(token);
  if (!call) {
    call = api
      .get<unknown>(`/api/verify-email/${encodeURIComponent(token)}`, { fallback: VERIFY_FAILED, auth: false })
      .then(
        (body): Outcome => ({ ok: true, message: readMessage(body) ?? MSG.emailVerified }),
        (err): Outcome => {
          if (err instanceof ApiError && err.status !== 0) {
            const fromText = err.serverMessage ?? (err.bodyText && !err.bodyText.trimStart().startsWith('<') ? err.bodyText.trim() : undefined);
            return { ok: false, message: fromText || VERIFY_FAILED };
          }
          return { ok: false, message: err instanceof ApiError ? err.message : VERIFY_FAILED };
        },
      );
    calls.set(token, call);
  }
  return call;
}

export function VerifyEmailPage() {
  usePageTitle('Verify Email');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    let alive = true;
    verify(token).then((o) => alive && setOutcome(o));
    return () => {
      alive = false;
    };
  }, [token]);

  return (
    <section className="page card form-page center">
      <h1>Email Verification</h1>
      {outcome === null ? (
        <p className="muted">Verifying your email...</p>
      ) : outcome.ok ? (
        <SuccessMessage>{outcome.message}</SuccessMessage>
      ) : (
        <ErrorMessage>{outcome.message}</ErrorMessage>
      )}
      <button type="button" className="btn btn--primary btn--block" onClick={() => navigate('/')}>
        Go to Home
      </button>
    </section>
  );
}
