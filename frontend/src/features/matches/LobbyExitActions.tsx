import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { MSG, type MatchDetails } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage } from '../../components/Feedback';
import { matchesApi } from './matchesApi';

/**
 * Cancel Match (the creator) and Leave Match (a joined player), before the start only
 * (docs/matches.md#cancel-and-leave); each asks once before it acts. The other players see the
 * change live in their lobby; a cancelled match says so. A player who leaves goes to `leftTo`
 * (the scope's home: home, or the league page for a league match).
 */
export function LobbyExitActions({ match, userId, leftTo }: { match: MatchDetails; userId: number | null; leftTo: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const isCreator = match.creator_id === userId;
  const exit = useMutation({
    mutationFn: () => (isCreator ? matchesApi.cancel(match.match_id) : matchesApi.leave(match.match_id)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.myMatches() });
      if (isCreator) await client.invalidateQueries({ queryKey: queryKeys.match(match.match_id) });
      else navigate(leftTo);
    },
  });
  if (match.status === 'cancelled')
    return (
      <p className="feedback feedback--error" role="status">
        {MSG.matchWasCancelled}
      </p>
    );
  if (match.status !== 'waiting' && match.status !== 'ready') return null;
  if (!isCreator && match.my_team === null) return null;
  const label = isCreator ? 'Cancel Match' : 'Leave Match';
  return (
    <div className="lobby-exit">
      <ErrorMessage>{errorText(exit.error, isCreator ? MSG.cancelMatchFailed : MSG.leaveMatchFailed)}</ErrorMessage>
      <button
        type="button"
        className="btn btn--danger-outline"
        disabled={exit.isPending}
        onClick={() => {
          if (window.confirm(isCreator ? MSG.cancelConfirm : MSG.leaveConfirm)) exit.mutate();
        }}
      >
        {label}
      </button>
    </div>
  );
}
