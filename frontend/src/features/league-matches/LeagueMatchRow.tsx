import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, historyWinner, type LeagueHistoryItem, type MatchPlayer } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { ErrorMessage } from '../../components/Feedback';
import { leagueMatchesApi } from './leagueMatchesApi';

const names = (team: MatchPlayer[]) => team.map((p) => p.username).join(' and ');

/**
 * One completed league match as Recent Matches and the history show it (docs/product.md#league-page): type,
 * teams or players, final score, winner, date and outcome; a player of a back-filled match may
 * contest it here while the 48 h last (docs/leagues.md#contesting-a-back-filled-match).
 */
export function LeagueMatchRow({ item, leagueId }: { item: LeagueHistoryItem; leagueId: number }) {
  const client = useQueryClient();
  const contest = useMutation({
    mutationFn: () => leagueMatchesApi.contest(item.match_id, leagueId),
    onSuccess: () => readAgain(client, { queryKey: queryKeys.league(leagueId) }),
  });
  const is1v1 = item.match_type === '1v1';
  return (
    <li className="league-match" aria-label={`${item.match_type} match on ${item.date_time_local}`}>
      <div className="league-match__head">
        <strong>{item.match_type}</strong>
        <span className="muted">{item.date_time_local}</span>
        {item.backfilled && <span className="muted">Added to history</span>}
      </div>
      <p>{is1v1 ? `${names(item.teamA)} vs ${names(item.teamB)}` : `Team A: ${names(item.teamA)} · Team B: ${names(item.teamB)}`}</p>
      <p>
        Final score:{' '}
        <span data-testid="final-score">
          {item.team_a_score} - {item.team_b_score}
        </span>{' '}
        · Winner: <span data-testid="winner">{historyWinner(item)}</span>
        {' · '}Outcome: {item.outcome ?? 'Completed'}
      </p>
      {item.can_contest && (
        <button type="button" className="btn btn--secondary" disabled={contest.isPending || contest.isSuccess} onClick={() => contest.mutate()}>
          Contest
        </button>
      )}
      <ErrorMessage>{errorText(contest.error, MSG.tryAgain)}</ErrorMessage>
    </li>
  );
}
