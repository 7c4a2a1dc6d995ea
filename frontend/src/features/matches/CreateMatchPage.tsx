import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_MATCH_TYPE, DEFAULT_SCORING_TYPE, MATCH_TYPES, MSG, SCORING_TYPES, isMatchType, isScoringType, type MatchType, type ScoringType } from '@gotnext/shared';
import { errorMessage } from '../../api/client';
import { LoginRequired } from '../../components/LoginRequired';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { matchesApi } from './matchesApi';
import { lobbyPath } from './paths';
import './matches.css';

/** How long the code stays on screen before the lobby opens (Create Another Match stops it). */
const SHOW_CODE_MS = 4000;

export function CreateMatchPage() {
  usePageTitle('Create Match');
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const [type, setType] = useState<MatchType>(DEFAULT_MATCH_TYPE);
  const [ranked, setRanked] = useState(false);
  const [scoring, setScoring] = useState<ScoringType>(DEFAULT_SCORING_TYPE);
  const [created, setCreated] = useState<{ id: number; code: string; type: MatchType } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (token) refreshUser().catch(() => undefined);
  }, [token, refreshUser]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const verified = user?.verified === true;
  if (!token) return <LoginRequired title="Create Match" message={MSG.createMatchLogin} />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const res = await matchesApi.create(type, ranked, scoring);
      setCreated({ id: res.match_id, code: res.match_code, type });
      timer.current = window.setTimeout(() => navigate(lobbyPath(res.match_id, type)), SHOW_CODE_MS);
    } catch (err) {
      setError(errorMessage(err, MSG.tryAgain));
    } finally {
      setBusy(false);
    }
  }

  function createAnother() {
    window.clearTimeout(timer.current);
    setCreated(null);
  }

  if (created) {
    return (
      <section className="page card form-page">
        <h1>Match Created</h1>
        <p>{MSG.waitingForPlayers}</p>
        <p className="match-code" aria-label="Match code">{created.code}</p>
        <div className="actions">
          <Link to={lobbyPath(created.id, created.type)} className="btn btn--primary" onClick={() => window.clearTimeout(timer.current)}>
            Go to Lobby
          </Link>
          <button type="button" className="btn btn--secondary" onClick={createAnother}>
            Create Another Match
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="page card form-page">
      <h1>Create Match</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Match Type">
          <select value={type} onChange={(e) => isMatchType(e.target.value) && setType(e.target.value)}>
            {MATCH_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </FormField>
        <label className="check">
          <input type="checkbox" checked={ranked} disabled={!verified} onChange={(e) => setRanked(e.target.checked)} />
          Ranked Match
        </label>
        {!verified && user && (
          <p className="muted">
            {MSG.rankedNeedsVerificationShown} <Link to="/verification">Get Verified</Link>
          </p>
        )}
        <FormField label="Scoring Type">
          <select value={scoring} onChange={(e) => isScoringType(e.target.value) && setScoring(e.target.value)}>
            {SCORING_TYPES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </FormField>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || (ranked && !verified)}>
          Create Match
        </button>
      </form>
    </section>
  );
}
