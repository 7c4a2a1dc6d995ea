import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { MSG, type MatchResultSummary, type MatchType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import type { MatchScope } from './matchScope';

/**
 * A finished match in the viewer's own words (docs/matches.md#the-result), with Rematch (a new
 * match like it, the other players invited) and Share result (the Web Share API where the device
 * has it, else the clipboard). A league match's rematch is a league match, opened in its lobby.
 */
export function MatchResultCard({ matchId, matchType, result, scope }: { matchId: number; matchType: MatchType; result: MatchResultSummary; scope: MatchScope }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [shared, setShared] = useState<string | null>(null);
  const rematch = useMutation({
    mutationFn: () => scope.api.rematch(matchId),
    onSuccess: async (r) => {
      await client.invalidateQueries({ queryKey: queryKeys.myMatches() });
      navigate(scope.paths.lobby(r.match_id, matchType));
    },
  });

  async function share() {
    const text = `GotNext ${matchType}: ${result.text}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'GotNext result', text });
        return;
      } catch {
        // Dismissed or refused: fall back to the clipboard.
      }
    }
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setShared(MSG.resultShared);
  }

  const tone = result.outcome === 'Win' ? 'win' : result.outcome === 'Loss' ? 'loss' : 'neutral';
  return (
    <div className={`result-card result-card--${tone}`} aria-label="Your result">
      <p className="result-card__text" data-testid="result-summary">
        {result.text}
      </p>
      {result.rating_pending && <p className="muted">Your rating is being updated…</p>}
      <ErrorMessage>{errorText(rematch.error, MSG.rematchFailed)}</ErrorMessage>
      <SuccessMessage>{shared}</SuccessMessage>
      {result.outcome !== 'Voided' && (
        <div className="actions">
          <button type="button" className="btn btn--primary" disabled={rematch.isPending} onClick={() => rematch.mutate()}>
            Rematch
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => void share()}>
            Share result
          </button>
        </div>
      )}
    </div>
  );
}
