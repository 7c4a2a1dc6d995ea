import { MSG, isMatchType, leagueDisputePath, leagueInvitePath, leagueLobbyPath, leagueReportPath, startBlockedReason, type MatchPlayer } from '@gotnext/shared';
import { queryKeys } from '../../api/queryKeys';
import { isOpen, parseScores, type MatchScope } from '../matches';
import { leagueMatchesApi } from './leagueMatchesApi';
import { LEAGUE_ID_KEY } from './paths';

const names = (team: MatchPlayer[]) => team.map((p) => p.username).join(' and ');

/** The league a page acts in when the match does not say (yet): the caller's, else localStorage `league_id`. */
const orStored = (leagueId: number | null) => leagueId ?? (Number(localStorage.getItem(LEAGUE_ID_KEY)) || null);

/**
 * A league's matches on the one match flow (docs/product.md#league-matches): the league's routes
 * (/lmpregame, /lmreportscore, /league-dispute, /join-league-match), its calls, the league page as
 * home, and the spec's league words. `leagueId` is the one the route or storage names; a loaded
 * match's own `league_id` wins over it.
 */
export function leagueScope(routeLeague: number | null): MatchScope {
  const leagueOf = (fromMatch: number | null | undefined) => fromMatch ?? orStored(routeLeague);
  return {
    kind: 'league',
    titles: { lobby: 'League Pregame Lobby', create: 'Create League Match', created: 'Create League Match', join: 'Join League Match', dispute: 'League Dispute' },
    paths: {
      lobby: leagueLobbyPath,
      report: leagueReportPath,
      scoreboard: null,
      dispute: (matchId, _type, leagueId) => {
        const league = leagueOf(leagueId);
        return league ? leagueDisputePath(matchId, league) : null;
      },
      invite: (code, leagueId) => {
        const league = leagueOf(leagueId);
        return league ? leagueInvitePath(league, code) : null;
      },
      home: (leagueId) => {
        const league = leagueOf(leagueId);
        return league ? `/league/${league}` : '/leagues';
      },
      back: (leagueId) => {
        const league = leagueOf(leagueId);
        return league ? { to: `/league/${league}`, label: 'Back to the league' } : null;
      },
    },
    api: {
      create: (type, _ranked, scoring) => leagueMatchesApi.create(routeLeague!, type, scoring),
      join: async (code) => {
        const res = await leagueMatchesApi.join(routeLeague!, code);
        localStorage.setItem(LEAGUE_ID_KEY, String(routeLeague));
        return { match_id: res.match_id, match_type: isMatchType(res.match_type) ? res.match_type : '1v1' };
      },
      details: leagueMatchesApi.details,
      changeTeam: leagueMatchesApi.changeTeam,
      start: leagueMatchesApi.start,
      // The league payloads (docs/leagues.md#league-matches): the opponent's id (1v1) or both rosters (teams).
      report: (matchId, type, [x, y], match) => {
        const league = leagueOf(match?.league_id)!;
        return type === '1v1'
          ? leagueMatchesApi.report1v1(league, matchId, x, y, match!.opponent!.user_id)
          : leagueMatchesApi.reportTeams(
              league,
              matchId,
              type,
              x,
              y,
              match!.teamA.map((p) => p.user_id),
              match!.teamB.map((p) => p.user_id),
            );
      },
      disputeKey: (matchId) => [...queryKeys.disputeDetails(matchId), 'league'],
      disputeDetails: (matchId, signal) => leagueMatchesApi.disputeDetails(matchId, routeLeague, signal),
      resolve: (d, [x, y]) => leagueMatchesApi.resolve(d.match_id, leagueOf(d.league_id)!, d.match_type, x, y),
      rematch: leagueMatchesApi.rematch,
    },
    lobby: {
      loadFailed: MSG.matchDetailsFailed,
      waitingForOpponent: MSG.waitingForOpponentLeague,
      startReason: (match, viewerId) => (isOpen(match) && viewerId !== match.creator_id ? MSG.onlyMatchCreatorStarts : startBlockedReason(match, viewerId)),
      disputeLabel: 'Resolve League Dispute',
      remember: (match) => {
        if (match.league_id) localStorage.setItem(LEAGUE_ID_KEY, String(match.league_id));
      },
    },
    create: {
      ranked: false,
      open: false,
      // Each check is followed by its page: login, then the league list (docs/product.md#create-league-match).
      gate: (token, userId) =>
        !token
          ? { text: MSG.reportLogin, to: '/login' }
          : userId === null
            ? { text: MSG.leagueUserMissing, to: '/login' }
            : routeLeague === null
              ? { text: MSG.mustBeInLeague, to: '/leagues' }
              : null,
      sharedText: MSG.leagueShareCode,
    },
    join: { unavailable: routeLeague === null ? MSG.mustBeInLeague : null, failed: MSG.joinMatchFailed },
    report: {
      routeType: (_fixed, query) => (isMatchType(query) ? query : null),
      // The checks in the order docs/product.md#league-score-report gives.
      check: (values, match, type) => {
        if (!values[0].trim() || !values[1].trim()) return type === '1v1' ? MSG.leagueReportBoth1v1 : MSG.reportBothTeams;
        if (!leagueOf(match?.league_id)) return MSG.leagueIdMissing;
        if (!type) return MSG.invalidMatchType;
        if (type === '1v1' && !match?.opponent) return MSG.opponentMissing;
        if (!parseScores(values)) return MSG.invalidScoreFormat;
        if (type !== '1v1' && !match) return MSG.matchDetailsFailed;
        return null;
      },
      failed: MSG.reportFailed,
    },
    dispute: {
      noToken: MSG.unauthorized,
      labels: (d, type) => (type === '1v1' || !d ? ['Your Score', "Opponent's Score"] : [names(d.team_a), names(d.team_b)]),
      formLabel: (labels, type) => (type === '1v1' ? 'Final score' : `Final score: ${labels.join(' and ')}`),
      check: (values) => (!values[0].trim() || !values[1].trim() ? MSG.leagueDisputeBoth : parseScores(values) ? null : MSG.scoreInvalid),
      words: {
        list: true,
        showType: true,
        mine: 'Your Reported Score',
        theirs: "Opponent's Reported Score",
        side: (s) => `${s.user_score} - ${s.opponent_score}`,
        none: MSG.notReported,
        teamNone: 'Team A N/A – Team B N/A',
        advice: 'The reported scores do not match. Please discuss the result with your opponent, then submit the final score.',
      },
      loadFailed: MSG.lobbyLoadFailed,
      failed: MSG.submitScoresError,
      submit: 'Submit',
    },
  };
}
