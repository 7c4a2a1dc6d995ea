import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { errorMessage } from '../../api/client';
import { ErrorMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { deleteAccount } from './accountApi';
import './account.css';

/** Core §2 Delete account: warning, Confirm Delete ('Deleting...'), error area; then logged out at /login. */
export function DeleteAccountPage() {
  usePageTitle('Delete Account');
  const token = useAuthStore((s) => s.token);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount();
      useAuthStore.getState().logout(); // clears token and user_id
      navigate('/login', { replace: true });
    } catch (err) {
      setError(errorMessage(err, MSG.deleteFailed));
      setDeleting(false);
    }
  }

  if (!token) return <LoginRequired title="Delete Account" />;

  return (
    <section className="page card form-page">
      <h1>Delete Account</h1>
      <p className="delete-warning">
        Deleting your account signs you out everywhere and removes you from search, leaderboards, friends lists and conversations. You will not be able to log in again, and your
        username and e-mail stay reserved. Past matches keep their scores.
      </p>
      <ErrorMessage>{error}</ErrorMessage>
      <button type="button" className="btn btn--danger btn--block" onClick={confirm} disabled={deleting}>
        {deleting ? 'Deleting...' : 'Confirm Delete'}
      </button>
      <Link to="/account" className="btn btn--secondary btn--block">
        Cancel
      </Link>
    </section>
  );
}
