import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_MATCH_TYPE, DEFAULT_SCORING_TYPE, MSG, type MatchType, type ScoringType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { LoginRequired } from '../../components/LoginRequired';
import { ErrorMessage } from '../../components/Feedback';
import { MatchTypeSelect, ScoringTypeSelect } from './MatchTypeFields';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { useMe } from '../account/useMe';
import { InvitePanel } from './InvitePanel';
import { matchesApi } from './matchesApi';
import { lobbyPath } from './paths';
import './matches.css';

/** How long the code stays on screen, counting down, before the lobby opens (Stay here or sharing stops it). */
const SHOW_CODE_MS = 4000;

export function CreateMatchPage() {
  usePageTitle('Create Match');
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const { data: user } = useMe();
  const [type, setType] = useState<MatchType>(DEFAULT_MATCH_TYPE);
  const [ranked, setRanked] = useState(false);
  const [scoring, setScoring] = useState<ScoringType>(DEFAULT_SCORING_TYPE);
  const create = useMutation({
    mutationFn: async (v: { type: MatchType; ranked: boolean; scoring: ScoringType }) => {
      const res = await matchesApi.create(v.type, v.ranked, v.scoring);
      return { id: res.match_id, code: res.match_code, type: v.type };
    },
  });
  const created = create.data;

  // The code stays on screen with a visible countdown, then the lobby opens; Stay here, sharing,
  // Create Another Match or leaving stops it (docs/product.md#sharing-a-match).
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => setLeft(created ? SHOW_CODE_MS / 1000 : null), [created]);
  useEffect(() => {
    if (!created || left === null) return;
    if (left <= 0) {
      navigate(lobbyPath(created.id, created.type));
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => (s === null ? null : s - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [created, left, navigate]);

  const verified = user?.verified === true;
  if (!token) return <LoginRequired title="Create Match" message={MSG.createMatchLogin} />;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ type, ranked, scoring });
  }

  if (created) {
    return (
      <section className="page card form-page">
        <h1>Match Created</h1>
        <p>{MSG.waitingForPlayers}</p>
        <p className="match-code" aria-label="Match code">{created.code}</p>
        <InvitePanel code={created.code} onUse={() => setLeft(null)} />
        {left !== null && left > 0 && (
          <p className="countdown muted" role="timer">
            {MSG.openingLobbyIn(left)}
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setLeft(null)}>
              Stay here
            </button>
          </p>
        )}
        <div className="actions">
          <Link to={lobbyPath(created.id, created.type)} className="btn btn--primary">
            Go to Lobby
          </Link>
          <button type="button" className="btn btn--secondary" onClick={() => create.reset()}>
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
        <MatchTypeSelect value={type} onChange={setType} />
        <label className="check">
          <input type="checkbox" checked={ranked} disabled={!verified} onChange={(e) => setRanked(e.target.checked)} />
          Ranked Match
        </label>
        {!verified && user && (
          <p className="muted">
            {MSG.rankedNeedsVerificationShown} <Link to="/verification">Get Verified</Link>
          </p>
        )}
        <ScoringTypeSelect value={scoring} onChange={setScoring} />
        <ErrorMessage>{errorText(create.error, MSG.tryAgain)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending || (ranked && !verified)}>
          Create Match
        </button>
      </form>
    </section>
  );
}
