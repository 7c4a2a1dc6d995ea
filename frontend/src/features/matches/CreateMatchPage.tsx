import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_MATCH_TYPE, DEFAULT_SCORING_TYPE, MSG, REPORT_REDIRECT_MS, type MatchType, type ScoringType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { LoginRequired } from '../../components/LoginRequired';
import { ErrorMessage } from '../../components/Feedback';
import { MatchTypeSelect, ScoringTypeSelect } from './MatchTypeFields';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { useMe } from '../account/useMe';
import { InvitePanel } from './InvitePanel';
import { RankedChoice } from './RankedChoice';
import { OpenRangeFields, openRangeOf, type OpenRangeInput } from './OpenRangeFields';
import type { MatchScope } from './matchScope';
import { overallScope } from './overallScope';
import './matches.css';

/** Open to nearby players: off, with a range around a new player's 4.000 ready to adjust. */
const NOT_OPEN: OpenRangeInput = { on: false, min: '3.500', max: '4.500' };

/** How long the code stays on screen, counting down, before the lobby opens (Stay here or sharing stops it). */
const SHOW_CODE_MS = 4000;

/**
 * /create-match and, with a league's scope, /clm/{leagueId}: the form, then the code with its
 * invite link, QR and Share, a countdown to the lobby, and Create Another Match.
 */
export function CreateMatchPage({ scope = overallScope }: { scope?: MatchScope }) {
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const { data: user } = useMe();
  const [type, setType] = useState<MatchType>(DEFAULT_MATCH_TYPE);
  const [ranked, setRanked] = useState(false);
  // ?ranked=1 (the step after the ID check) chooses Ranked once the player is known to be verified;
  // without it the form starts as the spec's unticked checkbox did (docs/product.md#create-match).
  const wantsRanked = useSearchParams()[0].get('ranked') === '1';
  useEffect(() => {
    if (wantsRanked && user?.verified) setRanked(true);
  }, [wantsRanked, user?.verified]);
  const [scoring, setScoring] = useState<ScoringType>(DEFAULT_SCORING_TYPE);
  const [openInput, setOpenInput] = useState<OpenRangeInput>(NOT_OPEN);
  const [openProblem, setOpenProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: async (v: { type: MatchType; ranked: boolean; scoring: ScoringType; open?: { min: number; max: number } }) => {
      const res = await scope.api.create(v.type, v.ranked, v.scoring, v.open);
      return { id: res.match_id, code: res.match_code, type: v.type, open: v.open };
    },
  });
  const created = create.data;
  usePageTitle(scope.titles.create);

  // The code stays on screen with a visible countdown, then the lobby opens; Stay here, sharing,
  // Create Another Match or leaving stops it (docs/product.md#sharing-a-match).
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => setLeft(created ? SHOW_CODE_MS / 1000 : null), [created]);
  useEffect(() => {
    if (!created || left === null) return;
    if (left <= 0) {
      navigate(scope.paths.lobby(created.id, created.type));
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => (s === null ? null : s - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [created, left, navigate, scope]);

  // A gate with a page to go to shows its words, then opens it (a league's checks).
  const gate = scope.create.gate(token, userId);
  const gateTo = gate && 'to' in gate ? gate.to : null;
  useEffect(() => {
    if (!gateTo) return;
    const timer = window.setTimeout(() => void navigate(gateTo), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [gateTo, navigate]);

  const verified = user?.verified === true;
  if (gate && 'login' in gate) return <LoginRequired title={scope.titles.create} message={gate.login} />;
  if (gate) {
    return (
      <section className="page card form-page">
        <h1>{scope.titles.create}</h1>
        <ErrorMessage>{gate.text}</ErrorMessage>
      </section>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const open = scope.create.open ? openRangeOf(openInput) : {};
    setOpenProblem(open.problem ?? null);
    if (open.problem) return;
    create.mutate({ type, ranked: scope.create.ranked && ranked, scoring, open: open.range });
  }

  const back = scope.paths.back(null);
  if (created) {
    const invite = scope.paths.invite(created.code, null);
    return (
      <section className="page card form-page">
        <h1>{scope.titles.created}</h1>
        <p>{scope.create.sharedText(created.code)}</p>
        <p className="match-code" aria-label="Match code">
          {created.code}
        </p>
        {created.open && <p className="muted">{MSG.openLobbyLabel(created.open.min.toFixed(3), created.open.max.toFixed(3))} near you.</p>}
        {invite && <InvitePanel code={created.code} path={invite} onUse={() => setLeft(null)} />}
        {left !== null && left > 0 && (
          <p className="countdown muted" role="timer">
            {MSG.openingLobbyIn(left)}
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setLeft(null)}>
              Stay here
            </button>
          </p>
        )}
        <div className="actions">
          <Link to={scope.paths.lobby(created.id, created.type)} className="btn btn--primary">
            Go to Lobby
          </Link>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setType(DEFAULT_MATCH_TYPE);
              setScoring(DEFAULT_SCORING_TYPE);
              setOpenInput(NOT_OPEN);
              create.reset();
            }}
          >
            Create Another Match
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="page card form-page">
      <h1>{scope.titles.create}</h1>
      <form onSubmit={onSubmit} noValidate>
        <MatchTypeSelect value={type} onChange={setType} />
        {scope.create.ranked && (
          <>
            <RankedChoice ranked={ranked} canRank={verified} onChange={setRanked} />
            {!verified && user && (
              <p className="muted">
                {MSG.rankedNeedsVerificationShown} <Link to="/verification">Get Verified</Link>
              </p>
            )}
          </>
        )}
        <ScoringTypeSelect value={scoring} onChange={setScoring} />
        {scope.create.open && <OpenRangeFields value={openInput} onChange={setOpenInput} problem={openProblem} />}
        <ErrorMessage>{errorText(create.error, MSG.tryAgain)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending || (scope.create.ranked && ranked && !verified)}>
          Create Match
        </button>
      </form>
      {back && (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      )}
    </section>
  );
}
