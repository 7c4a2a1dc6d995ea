import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, RESET_REDIRECT_MS, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
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
  const [invalid, setInvalid] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: (body: { token: string; password: string }) => call(ROUTES.resetPassword, { body, fallback: RESET_FAILED }) });
  const done = reset.isSuccess;

  // After success, give the player time to read the message, then send them to log in.
  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => void navigate('/login'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [done, navigate]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = token.trim() === '' ? MSG.invalidToken : password === '' || confirm === '' ? MSG.bothPasswordsRequired : password !== confirm ? MSG.passwordsMismatch : null;
    setInvalid(problem);
    if (problem) reset.reset();
    else reset.mutate({ token, password });
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
        <ErrorMessage>{invalid ?? errorText(reset.error, RESET_FAILED)}</ErrorMessage>
        <SuccessMessage>{done ? (reset.data?.message ?? MSG.passwordResetDone) : null}</SuccessMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending || done}>
          Reset Password
        </button>
      </form>
      <p className="form-page__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </section>
  );
}
