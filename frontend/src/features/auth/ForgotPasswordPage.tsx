import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MSG, type MessageResponse } from '@gotnext/shared';
import { api, errorMessage } from '../../api/client';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';

/** Not in the spec's catalogue: shown only if the server fails without a message. */
const FORGOT_FAILED = 'Failed to send the password reset email.';

export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setMessage(null);
    if (email.trim() === '') {
      setFieldError(MSG.emailRequired);
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      const res = await api.post<MessageResponse>('/api/forgot-password', { email: email.trim() }, {
        fallback: FORGOT_FAILED,
        auth: false,
      });
      setMessage(res?.message ?? MSG.resetEmailSent);
    } catch (err) {
      setError(errorMessage(err, FORGOT_FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="page card form-page">
      <h1>Forgot Password</h1>
      <p className="muted">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Email" error={fieldError}>
          <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <ErrorMessage>{error}</ErrorMessage>
        <SuccessMessage>{message}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          Send Reset Link
        </button>
      </form>
      <p className="form-page__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </section>
  );
}
