import { useEffect, useState } from 'react';
import { MSG, type MessageResponse } from '@gotnext/shared';
import { api, errorMessage } from '../../api/client';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { VerificationRules } from './VerificationRules';
import { IdUploadSection } from './IdUploadSection';

const SEND_FAILED = 'Failed to send verification email.';

function StatusBadge({ ok }: { ok: boolean | undefined }) {
  if (ok === undefined) return null;
  return <span className={`badge ${ok ? 'badge--ok' : 'badge--pending'}`}>{ok ? 'Verified' : 'Not verified'}</span>;
}

export function VerificationPage() {
  usePageTitle('Verification');
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The status may have changed in another tab (the e-mail link opens one): read it fresh.
  useEffect(() => {
    if (token) refreshUser().catch(() => undefined);
  }, [token, refreshUser]);

  async function sendEmail() {
    setSending(true);
    setMessage(null);
    setError(null);
    try {
      const res = await api.post<MessageResponse>('/api/send-verification-email', {}, { fallback: SEND_FAILED });
      setMessage(res?.message ?? MSG.verificationEmailSent);
    } catch (err) {
      setError(errorMessage(err, SEND_FAILED));
    } finally {
      setSending(false);
    }
  }

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
        <p className="muted">We will send a link to {user?.email ?? 'your e-mail address'}. Open it to confirm the address.</p>
        <ErrorMessage>{error}</ErrorMessage>
        <SuccessMessage>{message}</SuccessMessage>
        <button type="button" className="btn btn--primary" onClick={sendEmail} disabled={sending}>
          {sending ? 'Sending...' : 'Send Verification Email'}
        </button>
      </section>
      <IdUploadSection user={user} />
      <VerificationRules />
    </div>
  );
}
