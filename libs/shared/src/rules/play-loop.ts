import { MSG } from '../messages';
import { targetScore, teamSize, type ScoringType } from '../constants/matches';
import type { DisputeDetails, MatchDetails, MatchPlayer, SideScore } from '../api/matches';

/**
 * The play loop's pure rules (docs/matches.md#the-play-loop-on-a-phone): the invite link, the lobby
 * in words, why Start is closed, and whether a score fits the game's target.
 */

/** The invite link's path: /join-match?code=… prefills the code and joins after login. */
export const invitePath = (code: string) => `/join-match?code=${encodeURIComponent(code)}`;

/**
 * Where to go after login or signup: only a path of this site (starting with one '/'), never
 * another origin (`//evil.example`, `https:…`); anything else goes home.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** The creator's name as the roster shows it (a creator always plays in their own match). */
export function creatorName(match: Pick<MatchDetails, 'creator_id' | 'teamA' | 'teamB'>): string {
  return [...match.teamA, ...match.teamB].find((p) => p.user_id === match.creator_id)?.username ?? 'the creator';
}

/** The lobby's status in words, from the viewer's side. */
export function lobbyStatusText(match: MatchDetails & { voided?: boolean }, viewerId: number | null): string {
  switch (match.status) {
    case 'waiting':
      return MSG.lobbyWaitingFor(match.players_needed);
    case 'ready':
      return viewerId === match.creator_id ? MSG.lobbyReadyYouStart : MSG.lobbyReadyWaitingFor(creatorName(match));
    case 'in-progress':
      return match.my_report ? reportedText(match, match.my_report) : MSG.lobbyInProgress;
    case 'disputed':
      return MSG.lobbyDisputed;
    case 'completed':
      return match.team_a_score === null ? MSG.lobbyVoided : MSG.lobbyCompleted;
    default:
      return match.status;
  }
}

/** '5–3': a score from the caller's side, the caller's first. */
export const sideScoreText = (s: SideScore) => `${s.user_score}–${s.opponent_score}`;

/** Who the caller's side waits for: the opponent's name (1v1), else the other team ('Team B'). */
export function otherSideName(match: Pick<MatchDetails, 'match_type' | 'opponent' | 'my_team'>): string {
  if (match.match_type === '1v1') return match.opponent?.username ?? 'your opponent';
  return match.my_team === 'B' ? 'Team A' : 'Team B';
}

/** 'In progress · You reported 5–3 · waiting for mchen' once the caller's side reported (docs/product.md#lobby). */
function reportedText(match: MatchDetails, mine: SideScore): string {
  const words = match.match_type === '1v1' ? MSG.lobbyYouReported : MSG.lobbyTeamReported;
  return words(sideScoreText(mine), otherSideName(match));
}

/**
 * The dispute card's two sentences (docs/product.md#resolve-dispute): what the other side claims
 * now ('mchen says they won 5–2.') and what the caller's side claimed ('You said you won 5–3.'),
 * the winner's score first, from each side's current proposal (its final score, else its report).
 */
export function disputeClaims(details: Pick<DisputeDetails, 'match_type' | 'opponent' | 'my_team' | 'my_proposal' | 'their_proposal'>): {
  theirs: string | null;
  mine: string | null;
} {
  const who = otherSideName(details);
  const self = details.match_type === '1v1' ? 'You' : 'Your team';
  const won = (a: number, b: number) => `${Math.max(a, b)}–${Math.min(a, b)}`;
  const theirs = (p: SideScore) =>
    p.user_score > p.opponent_score
      ? MSG.theySayYouWon(who, won(p.user_score, p.opponent_score))
      : p.user_score < p.opponent_score
        ? MSG.theySayTheyWon(who, won(p.user_score, p.opponent_score))
        : MSG.theySayDraw(who, sideScoreText(p));
  const mine = (p: SideScore) =>
    p.user_score > p.opponent_score
      ? MSG.youSaidYouWon(self, won(p.user_score, p.opponent_score))
      : p.user_score < p.opponent_score
        ? MSG.youSaidTheyWon(self, who, won(p.user_score, p.opponent_score))
        : MSG.youSaidDraw(self, sideScoreText(p));
  return { theirs: details.their_proposal ? theirs(details.their_proposal) : null, mine: details.my_proposal ? mine(details.my_proposal) : null };
}

/** 'Team B 1/2': how many of a side's slots are taken. */
export const teamSlotsText = (title: string, players: MatchPlayer[], type: MatchDetails['match_type']) => `${title} ${players.length}/${teamSize(type)}`;

/** Why Start is closed for this viewer, or null when it is open (or the game has begun). */
export function startBlockedReason(match: MatchDetails, viewerId: number | null): string | null {
  if (match.status !== 'waiting' && match.status !== 'ready') return null;
  if (viewerId !== match.creator_id) return MSG.startOnlyCreator(creatorName(match));
  if (match.status === 'waiting') return MSG.startNeedsPlayers(match.players_needed);
  const size = teamSize(match.match_type);
  if (match.match_type !== '1v1' && (match.teamA.length !== size || match.teamB.length !== size)) return MSG.startNeedsFullTeams;
  return null;
}

/** The biggest basket of a scoring type ("2s & 3s" → 3), which is how far a winner can pass the target. */
const biggestBasket = (scoring: ScoringType) => (scoring.startsWith('2s & 3s') ? 3 : 2);

/**
 * Whether a final score fits a game to the scoring type's target (docs/matches.md#the-play-loop-on-a-phone),
 * **Decided**: the winner reached the target, there is a winner, and the winner did not go past
 * the target by more than the last basket could (target + biggest basket − 1), unless the game went
 * on because it had to be won by two (loser within two of the winner). 21–15 in a game to 5 does
 * not fit; 5–3, 6–4 (1s & 2s), 13–11 (2s & 3s to 11) and 23–21 (win by two) do.
 */
export function scoreFitsTarget(a: number, b: number, scoring: ScoringType): boolean {
  const target = targetScore(scoring);
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  if (hi === lo || hi < target) return false;
  return hi <= target + biggestBasket(scoring) - 1 || hi - lo <= 2;
}
