import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG, isMatchType } from '@gotnext/shared';
import { errorMessage } from '../../api/client';
import { LoginRequired } from '../../components/LoginRequired';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { matchesApi } from './matchesApi';
import { lobbyPath } from './paths';
import './matches.css';

/** The server's words for an unverified player, and how the spec wants them shown. */
function shown(message: string): string {
  return message === MSG.rankedNeedsVerification ? MSG.rankedNeedsVerificationShown : message;
}

export function JoinMatchPage() {
  usePageTitle('Join Match');
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token) return <LoginRequired title="Join Match" message={MSG.joinMatchLogin} />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const trimmed = code.trim();
    if (!trimmed) return setError(MSG.matchCodeRequired);
    setBusy(true);
    try {
      // Core §4: the code's match type first, then the join call of that type.
      const { match_type } = await matchesApi.matchType(trimmed);
      if (!isMatchType(match_type)) throw new Error(MSG.invalidMatchType);
      const joined = await matchesApi.join(match_type, trimmed);
      navigate(lobbyPath(joined.match_id, match_type));
    } catch (err) {
      setError(shown(err instanceof Error && err.message === MSG.invalidMatchType ? MSG.invalidMatchType : errorMessage(err, MSG.tryAgain)));
      setBusy(false);
    }
  }

  return (
    <section className="page card form-page">
      <h1>Join Match</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Match Code">
          <input type="text" autoCapitalize="characters" autoComplete="off" maxLength={12} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          Join Match
        </button>
      </form>
    </section>
  );
}
