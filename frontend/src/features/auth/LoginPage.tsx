import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG, type LoginResponse } from '@gotnext/shared';
import { api, errorMessage } from '../../api/client';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ identifier?: string; password?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    const found = {
      identifier: identifier.trim() === '' ? MSG.identifierRequired : undefined,
      password: password === '' ? MSG.passwordRequired : undefined,
    };
    setErrors(found);
    if (found.identifier || found.password) return;

    setSubmitting(true);
    try {
      const res = await api.post<LoginResponse>(
        '/api/login',
        { identifier: identifier.trim(), password },
        { fallback: MSG.loginFailed, auth: false },
      );
      login(res.token, res.user_id);
      // A full reload starts every store and the socket from the new session (core §2 Login).
      await navigate('/');
      window.location.reload();
    } catch (err) {
      setServerError(errorMessage(err, MSG.loginFailed));
      setSubmitting(false);
    }
  }

  return (
    <section className="page card form-page">
      <h1>Login</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Username or Email" error={errors.identifier}>
          <input
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <ErrorMessage>{serverError}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          Login
        </button>
      </form>
      <p className="form-page__alt">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p className="form-page__alt">
        New to GotNext? <Link to="/signup">Sign Up</Link>
      </p>
    </section>
  );
}
