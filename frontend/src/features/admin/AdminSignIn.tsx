import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { basicAuthorization, useAdminSession } from '../../stores/adminSession';

/** The ops area's one login: the operators' credentials, checked by the server before they are kept. */
export function AdminSignIn() {
  const signIn = useAdminSession((s) => s.signIn);
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const check = useMutation({
    // Kept only once the server has accepted them.
    mutationFn: async (authorization: string) => {
      await call(ROUTES.adminSession, { fallback: MSG.adminLoginFailed, adminAuthorization: authorization });
      return authorization;
    },
    onSuccess: signIn,
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (user && password) check.mutate(basicAuthorization(user, password));
  }

  return (
    <section className="page card form-page">
      <h1>GotNext ops</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Admin user">
          <input type="text" autoComplete="username" autoCapitalize="none" value={user} onChange={(e) => setUser(e.target.value)} />
        </FormField>
        <FormField label="Admin password">
          <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <ErrorMessage>{check.error instanceof ApiError && check.error.status === 401 ? MSG.adminLoginFailed : errorText(check.error, MSG.adminLoginFailed)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={check.isPending || !user || !password}>
          Sign in
        </button>
      </form>
    </section>
  );
}
