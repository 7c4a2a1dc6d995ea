import { MSG, type DisputeDetails } from '@gotnext/shared';

/** "You 21 – mchen 18" from the caller's side (1v1), or "Your team 21 – Their team 18". */
function line(details: DisputeDetails, p: { user_score: number; opponent_score: number }): string {
  if (details.match_type === '1v1') return `You ${p.user_score} – ${details.opponent?.username ?? 'Opponent'} ${p.opponent_score}`;
  return `Your team ${p.user_score} – Their team ${p.opponent_score}`;
}

/**
 * Both sides' current proposals, live (docs/matches.md#disputes): the other side's final score
 * (or, before it sent one, its report) with 'Accept their score' in one tap, which sends it as this
 * side's final score; when theirs was already a final score the two agree and the match completes.
 * Past the 72 h deadline it says ops will settle it.
 */
export function DisputeProposals({ details, onAccept, disabled }: { details: DisputeDetails; onAccept: (mine: number, theirs: number) => void; disabled: boolean }) {
  if (details.status !== 'disputed') return null;
  const theirs = details.their_proposal;
  const mine = details.my_proposal;
  // Once this side's final score is theirs, only the other side can close it.
  const agreed = theirs && mine?.kind === 'final' && theirs.user_score === mine.user_score && theirs.opponent_score === mine.opponent_score;
  return (
    <div className="proposal" role="group" aria-label="Final score proposals" aria-live="polite">
      {details.in_moderation && (
        <p className="feedback feedback--error" role="status">
          {MSG.disputeInModeration}
        </p>
      )}
      <p data-testid="their-proposal">
        <strong>{theirs?.kind === 'report' ? 'They reported:' : 'Their final score:'}</strong> {theirs ? line(details, theirs) : 'Not proposed yet'}
      </p>
      <p data-testid="my-proposal">
        <strong>{mine?.kind === 'report' ? 'You reported:' : 'Your final score:'}</strong> {mine ? line(details, mine) : 'Not proposed yet'}
      </p>
      {theirs && !agreed && (
        <button type="button" className="btn btn--primary btn--block" disabled={disabled} onClick={() => onAccept(theirs.user_score, theirs.opponent_score)}>
          {MSG.acceptTheirScore}
        </button>
      )}
    </div>
  );
}
