import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG, RESET_REDIRECT_MS, type MessageResponse } from '@gotnext/shared';
import { api, errorMessage } from '../../api/client';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';

/** Not in the spec's catalogue: shown only if the server fails without a message. */
const RESET_FAILED = 'Failed to reset password.';

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  // After success, give the player time to read the message, then send them to log in.
  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [done, navigate]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setMessage(null);
    if (token.trim() === '') return setError(MSG.invalidToken);
    if (password === '' || confirm === '') return setError(MSG.bothPasswordsRequired);
    if (password !== confirm) return setError(MSG.passwordsMismatch);

    setSubmitting(true);
    try {
      const res = await api.post<MessageResponse>('/api/reset-password', { token, password }, {
        fallback: RESET_FAILED,
        auth: false,
      });
      setMessage(res?.message ?? MSG.passwordResetDone);
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, RESET_FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="page card form-page">
      <h1>Reset Password</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="New Password">
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <FormField label="Confirm Password">
          <input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </FormField>
        <ErrorMessage>{error}</ErrorMessage>
        <SuccessMessage>{message}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting || done}>
          Reset Password
        </button>
      </form>
      <p className="form-page__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </section>
  );
}
