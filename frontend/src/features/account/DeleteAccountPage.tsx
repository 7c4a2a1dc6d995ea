import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { deleteAccount } from './accountApi';
import './account.css';

const DELETE_WORD = 'DELETE';

/**
 * Delete account (docs/accounts.md#deletion): warning, the password asked again, Confirm Delete
 * ('Deleting...'), error area (the server's message, e.g. a wrong password); then logged out at /login.
 */
export function DeleteAccountPage() {
  usePageTitle('Delete Account');
  const token = useAuthStore((s) => s.token);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  // Typed confirmation (docs/accounts.md#deletion): the word DELETE, so a slip never deletes.
  const [typed, setTyped] = useState('');
  const [unconfirmed, setUnconfirmed] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      useAuthStore.getState().logout(); // clears token and user_id
      navigate('/login', { replace: true });
    },
  });
  const deleting = remove.isPending || remove.isSuccess;

  if (!token) return <LoginRequired title="Delete Account" />;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password === '') {
      setMissing(MSG.passwordRequired);
      remove.reset();
      return;
    }
    setMissing(undefined);
    if (typed.trim().toUpperCase() !== DELETE_WORD) {
      setUnconfirmed(MSG.deleteTypeToConfirm);
      remove.reset();
      return;
    }
    setUnconfirmed(undefined);
    remove.mutate(password);
  }

  return (
    <section className="page card form-page">
      <h1>Delete Account</h1>
      <p className="delete-warning">
        Deleting your account signs you out everywhere and removes you from search, leaderboards, friends lists and conversations. You will not be able to log in again, and your
        username and e-mail stay reserved. Past matches keep their scores.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Password" error={missing}>
          <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <FormField label={MSG.deleteTypeToConfirm} error={unconfirmed}>
          <input type="text" autoCapitalize="characters" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </FormField>
        <ErrorMessage>{errorText(remove.error, MSG.deleteFailed)}</ErrorMessage>
        <button type="submit" className="btn btn--danger btn--block" disabled={deleting}>
          {deleting ? 'Deleting...' : 'Confirm Delete'}
        </button>
      </form>
      <Link to="/account" className="btn btn--secondary btn--block">
        Cancel
      </Link>
    </section>
  );
}
