import { useSearchParams } from 'react-router-dom';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { MSG, ROUTES, type MessageResponse } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { useMe } from '../account/useMe';
import { VerificationRules } from './VerificationRules';
import { IdCheckSection } from '../verification/IdCheckSection';
import { inviteToReturnTo, useInviteVerifyingSignal } from '../verification/inviteReturn';

const SEND_FAILED = 'Failed to send verification email.';

function StatusBadge({ ok }: { ok: boolean | undefined }) {
  if (ok === undefined) return null;
  return <span className={`badge ${ok ? 'badge--ok' : 'badge--pending'}`}>{ok ? 'Verified' : 'Not verified'}</span>;
}

export function VerificationPage() {
  usePageTitle('Verification');
  const token = useAuthStore((s) => s.token);
  // The status may have changed in another tab (the e-mail link opens one): useMe reads it fresh on mount.
  const user = useMe().data ?? null;
  const send = useMutation({ mutationFn: () => call(ROUTES.sendVerificationEmail, { body: {}, fallback: SEND_FAILED }) });
  // Sent here by an invite: its lobby learns this player is verifying (docs/matches.md#invite-preview).
  const [query] = useSearchParams();
  useInviteVerifyingSignal(inviteToReturnTo(query.get('next')), !!user && !(user.email_verified && user.id_verified));

  if (!token) return <LoginRequired title="Verification" />;

  return (
    <div className="page stack">
      <section className="card panel">
        <h1>Verification</h1>
        <p>Verified players can play ranked matches and appear on the leaderboards. Verify your e-mail and your ID.</p>
      </section>
      <section className="card panel" aria-labelledby="email-verification-title">
        <h2 id="email-verification-title">
          Email Verification <StatusBadge ok={user?.email_verified} />
        </h2>
        {user?.email_verified ? (
          // A finished step folds away; the button stays reachable for a player who wants it.
          <details className="verification__done">
            <summary>Your e-mail address is confirmed.</summary>
            <EmailStep email={user.email} send={send} />
          </details>
        ) : (
          <EmailStep email={user?.email} send={send} />
        )}
      </section>
      <IdCheckSection user={user} />
      <VerificationRules />
    </div>
  );
}

type SendMutation = UseMutationResult<MessageResponse, Error, void>;

function EmailStep({ email, send }: { email: string | undefined; send: SendMutation }) {
  return (
    <>
      <p className="muted">We will send a link to {email ?? 'your e-mail address'}. Open it to confirm the address.</p>
      <ErrorMessage>{errorText(send.error, SEND_FAILED)}</ErrorMessage>
      <SuccessMessage>{send.isSuccess ? (send.data?.message ?? MSG.verificationEmailSent) : null}</SuccessMessage>
      <button type="button" className="btn btn--primary" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Verification Email'}
      </button>
    </>
  );
}
