import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, WITNESSED_MSG, type ScoreboardView } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { readAgain } from '../../api/readAgain';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { scoreboardKeys } from './scoreboardCache';
import { SCOREBOARD_WORDS as W } from './scoreboardWords';

/**
 * The two scorers' streams went different ways (docs/matches.md#witnessed-score): the last score
 * both had, an undo on the spot, or a dispute that carries both logs to the players and the ops.
 */
export function DifferBanner({ view, onUndo, canUndo }: { view: ScoreboardView; onUndo: () => boolean; canUndo: boolean }) {
  const client = useQueryClient();
  const dispute = useMutation({
    mutationFn: () => call(ROUTES.witnessedDispute, { params: { matchId: view.matchId }, fallback: MSG.tryAgain }),
    onSuccess: () => readAgain(client, { queryKey: scoreboardKeys.view(view.matchId) }),
  });
  if (!view.divergence) return null;
  return (
    <div className="scoreboard__differ" role="alert">
      <p className="scoreboard__differ-text">{WITNESSED_MSG.differFrom(view.divergence.at)}</p>
      <div className="scoreboard__differ-actions">
        <button type="button" className="btn btn--secondary" disabled={!canUndo} onClick={() => onUndo()}>
          {W.undo}
        </button>
        <button type="button" className="btn btn--primary" disabled={dispute.isPending || dispute.isSuccess} onClick={() => dispute.mutate()}>
          {W.openDispute}
        </button>
      </div>
      <ErrorMessage>{errorText(dispute.error, MSG.tryAgain)}</ErrorMessage>
      <SuccessMessage>{dispute.data?.message}</SuccessMessage>
    </div>
  );
}
