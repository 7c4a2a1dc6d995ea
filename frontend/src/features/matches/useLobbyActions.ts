import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type MatchDetails } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { isOpen } from './lobbyRules';
import type { MatchScope } from './matchScope';

type LobbyAction = 'changeTeam' | 'start';
const FALLBACK: Record<LobbyAction, string> = { changeTeam: MSG.switchTeamFailed, start: MSG.startFailed };

/**
 * The lobby's writes: Change Team and Start Game (one at a time, the buttons wait while one runs),
 * and placing a creator who is on neither team on one automatically (docs/matches.md). Each
 * reloads the match before it counts as done; `error` is the latest failure, in the spec's words.
 */
export function useLobbyActions(matchId: number, match: MatchDetails | undefined, viewerId: number | null, scope: MatchScope) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.match(matchId) });

  const action = useMutation({
    mutationFn: (which: LobbyAction): Promise<unknown> => (which === 'start' ? scope.api.start(matchId) : scope.api.changeTeam(matchId)),
    onSuccess: reload,
  });
  const autoPlace = useMutation({ mutationFn: () => scope.api.changeTeam(matchId), onSuccess: reload });

  // Once per visit: a later poll must not place the creator again after they moved themselves.
  const placing = useRef(false);
  const place = autoPlace.mutate;
  useEffect(() => {
    if (!match || placing.current || match.match_type === '1v1') return;
    if (match.creator_id === viewerId && match.my_team === null && isOpen(match)) {
      placing.current = true;
      place();
    }
  }, [match, viewerId, place]);

  return {
    run(which: LobbyAction) {
      autoPlace.reset();
      action.mutate(which);
    },
    pending: action.isPending,
    error: errorText(action.error, action.variables ? FALLBACK[action.variables] : MSG.tryAgain) ?? errorText(autoPlace.error, MSG.switchTeamFailed),
  };
}
