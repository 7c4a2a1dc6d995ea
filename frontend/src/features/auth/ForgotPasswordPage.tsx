import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';

/** Not in the spec's catalogue: shown only if the server fails without a message. */
const FORGOT_FAILED = 'Failed to send the password reset email.';

export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const send = useMutation({ mutationFn: (address: string) => call(ROUTES.forgotPassword, { body: { email: address }, fallback: FORGOT_FAILED }) });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (email.trim() === '') {
      setFieldError(MSG.emailRequired);
      send.reset();
      return;
    }
    setFieldError(undefined);
    send.mutate(email.trim());
  }

  return (
    <section className="page card form-page">
      <h1>Forgot Password</h1>
      <p className="muted">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Email" error={fieldError}>
          <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <ErrorMessage>{errorText(send.error, FORGOT_FAILED)}</ErrorMessage>
        <SuccessMessage>{send.isSuccess ? (send.data?.message ?? MSG.resetEmailSent) : null}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={send.isPending}>
          Send Reset Link
        </button>
      </form>
      <p className="form-page__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </section>
  );
}
