import { MSG, disputeClaims, otherSideName, type DisputeDetails, type DisputeProposal } from '@gotnext/shared';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const same = (a: DisputeProposal | null, b: DisputeProposal | null) => !!a && !!b && a.user_score === b.user_score && a.opponent_score === b.opponent_score;

/**
 * The dispute in one card (docs/product.md#resolve-dispute): what the other side says and what
 * this side said, in words with the names ('mchen says they won 5–2. You said you won 5–3.'),
 * live; Accept theirs, Keep mine (this side's claim sent as its final score) and Propose another
 * (the final-score form); and from the start the deadline and what ops do after it. Each claim is
 * the side's final score once it sent one, else its report (docs/matches.md#disputes).
 */
export function DisputeCard({
  details,
  disabled,
  onSend,
  onPropose,
}: {
  details: DisputeDetails;
  disabled: boolean;
  /** Sends a proposal (from the caller's side) as this side's final score. */
  onSend: (p: DisputeProposal) => void;
  onPropose: () => void;
}) {
  if (details.status !== 'disputed') return null;
  const { their_proposal: theirs, my_proposal: mine } = details;
  const claims = disputeClaims(details);
  const who = otherSideName(details);
  const finalIn = mine?.kind === 'final';
  // This side's final score is theirs already: only the other side can close it now.
  const agreed = finalIn && same(mine, theirs);
  return (
    <section className="dispute-card" aria-label="The dispute" aria-live="polite">
      <p className="dispute-card__claims">
        <span data-testid="their-proposal">{claims.theirs ?? MSG.notProposedYet(who)}</span> {claims.mine && <span data-testid="my-proposal">{claims.mine}</span>}
      </p>
      {finalIn && <p className="muted">{MSG.waitingToAgree(who)}</p>}
      <div className="dispute-card__actions">
        {theirs && !agreed && (
          <button type="button" className="btn btn--primary" disabled={disabled} onClick={() => onSend(theirs)}>
            {MSG.acceptTheirs}
          </button>
        )}
        {mine && !finalIn && !same(mine, theirs) && (
          <button type="button" className="btn btn--secondary" disabled={disabled} onClick={() => onSend(mine)}>
            {MSG.keepMine}
          </button>
        )}
        <button type="button" className="btn btn--secondary" disabled={disabled} onClick={onPropose}>
          {MSG.proposeAnother}
        </button>
      </div>
      <p className={details.in_moderation ? 'feedback feedback--error' : 'muted'} data-testid="dispute-deadline">
        {details.in_moderation ? MSG.disputeInModeration : details.moderation_at ? MSG.disputeDeadline(when(details.moderation_at)) : null}
      </p>
    </section>
  );
}
