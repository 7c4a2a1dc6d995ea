import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_MATCH_TYPE, DEFAULT_SCORING_TYPE, MSG, REPORT_REDIRECT_MS, type MatchType, type ScoringType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { MatchTypeSelect, ScoringTypeSelect } from '../matches/MatchTypeFields';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { leagueMatchesApi } from './leagueMatchesApi';
import { LEAGUE_ID_KEY, leagueLobbyPath } from './paths';
import '../matches/matches.css';

/** How long the code stays on screen before the lobby opens (Create Another Match stops it). */
const SHOW_CODE_MS = 4000;

/** The league of /clm: the route's, else localStorage `league_id` (leagues §2). */
function leagueIdFrom(param: string | undefined): number | null {
  const raw = param ?? localStorage.getItem(LEAGUE_ID_KEY) ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** /clm and /clm/{leagueId}: Create League Match (docs/product.md#create-league-match). */
export function CreateLeagueMatchPage() {
  usePageTitle('Create League Match');
  const navigate = useNavigate();
  const { leagueId: param } = useParams();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const leagueId = leagueIdFrom(param);
  const [type, setType] = useState<MatchType>(DEFAULT_MATCH_TYPE);
  const [scoring, setScoring] = useState<ScoringType>(DEFAULT_SCORING_TYPE);
  const create = useMutation({
    mutationFn: async (v: { type: MatchType; scoring: ScoringType }) => {
      const res = await leagueMatchesApi.create(leagueId!, v.type, v.scoring);
      return { id: res.match_id, code: res.match_code, type: v.type };
    },
  });
  const created = create.data;

  // The checks of leagues §5, each followed by its page: login, then the league list.
  const blocked = !token ? { text: MSG.reportLogin, to: '/login' } : userId === null ? { text: MSG.leagueUserMissing, to: '/login' } : leagueId === null ? { text: MSG.mustBeInLeague, to: '/leagues' } : null;
  const blockedTo = blocked?.to;
  useEffect(() => {
    if (!blockedTo) return;
    const timer = window.setTimeout(() => void navigate(blockedTo), REPORT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [blockedTo, navigate]);

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => void navigate(leagueLobbyPath(created.id, created.type)), SHOW_CODE_MS);
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  if (blocked) {
    return (
      <section className="page card form-page">
        <h1>Create League Match</h1>
        <ErrorMessage>{blocked.text}</ErrorMessage>
      </section>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ type, scoring });
  }

  if (created) {
    return (
      <section className="page card form-page">
        <h1>Create League Match</h1>
        <p>{MSG.leagueShareCode(created.code)}</p>
        <p className="match-code" aria-label="Match code">{created.code}</p>
        <div className="actions">
          <Link to={leagueLobbyPath(created.id, created.type)} className="btn btn--primary">Go to Lobby</Link>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setType(DEFAULT_MATCH_TYPE);
              setScoring(DEFAULT_SCORING_TYPE);
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
      <h1>Create League Match</h1>
      <form onSubmit={onSubmit} noValidate>
        <MatchTypeSelect value={type} onChange={setType} />
        <ScoringTypeSelect value={scoring} onChange={setScoring} />
        <ErrorMessage>{errorText(create.error, MSG.tryAgain)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending}>Create Match</button>
      </form>
      <p><Link to={`/league/${leagueId}`}>Back to the league</Link></p>
    </section>
  );
}
