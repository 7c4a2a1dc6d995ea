import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { CreateMatchPage, JoinMatchPage, LobbyPage, ReportScorePage, ResolveDisputePage } from '../matches';
import { leagueScope } from './leagueScope';
import { LEAGUE_ID_KEY } from './paths';

/** A league id as a route or storage spells it, else null. */
const leagueIdOf = (raw: string | null | undefined) => (/^[1-9]\d{0,9}$/.test(raw ?? '') ? Number(raw) : null);

/** The league scope of one page: the league its route names, or null (the match's own then, else storage). */
const useScope = (leagueId: number | null) => useMemo(() => leagueScope(leagueId), [leagueId]);

/*
 * The league match routes (docs/product.md#league-matches): the one match flow of features/matches
 * with a league's scope; the routes and texts are the spec's.
 */

/** /clm and /clm/{leagueId}: the league is the route's, else localStorage `league_id`. */
export function CreateLeagueMatchPage() {
  const { leagueId } = useParams();
  return <CreateMatchPage scope={useScope(leagueIdOf(leagueId ?? localStorage.getItem(LEAGUE_ID_KEY)))} />;
}

/** /join-league-match/{leagueId}, also as the invite link with ?code=. */
export function JoinLeagueMatchPage() {
  const { leagueId } = useParams();
  return <JoinMatchPage scope={useScope(leagueIdOf(leagueId))} />;
}

/** /lmpregame/{matchId}: the League Pregame Lobby. */
export function LeagueLobbyPage() {
  return <LobbyPage scope={useScope(null)} />;
}

/** /lmreportscore/{matchId}?matchType=. */
export function LeagueReportScorePage() {
  return <ReportScorePage scope={useScope(null)} />;
}

/** /league-dispute/{matchId}?league_id=. */
export function LeagueDisputePage() {
  const [query] = useSearchParams();
  return <ResolveDisputePage scope={useScope(leagueIdOf(query.get('league_id')))} />;
}
