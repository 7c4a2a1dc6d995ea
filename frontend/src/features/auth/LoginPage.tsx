import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, ROUTES, safeNextPath, type LoginRequest } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';

export function LoginPage() {
  usePageTitle('Login');
  const login = useAuthStore((s) => s.login);
  // ?next= brings the player back where they came from, e.g. an invite link (docs/product.md#sharing-a-match).
  const [query] = useSearchParams();
  const next = query.get('next');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ identifier?: string; password?: string }>({});
  const signIn = useMutation({
    mutationFn: (body: LoginRequest) => call(ROUTES.login, { body, fallback: MSG.loginFailed }),
    onSuccess: async (res) => {
      login(res.token, res.user_id);
      // A full page load starts every store and the socket from the new session (docs/accounts.md),
      // straight at the page to return to, so that page runs once (an invite joins once).
      window.location.assign(safeNextPath(next));
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = {
      identifier: identifier.trim() === '' ? MSG.identifierRequired : undefined,
      password: password === '' ? MSG.passwordRequired : undefined,
    };
    setErrors(found);
    if (found.identifier || found.password) signIn.reset();
    else signIn.mutate({ identifier: identifier.trim(), password });
  }

  return (
    <section className="page card form-page">
      <h1>Login</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Username or Email" error={errors.identifier}>
          <input type="text" autoComplete="username" autoCapitalize="none" value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <ErrorMessage>{errorText(signIn.error, MSG.loginFailed)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={signIn.isPending || signIn.isSuccess}>
          Login
        </button>
      </form>
      <p className="form-page__alt">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p className="form-page__alt">
        New to GotNext? <Link to={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Sign Up</Link>
      </p>
    </section>
  );
}
