import { MSG, type MatchDetails, type MatchType } from '@gotnext/shared';
import './invite.css';

const names = (players: MatchDetails['teamA']) => players.map((p) => p.username).join(', ');

/**
 * The players' names beside the score boxes, and how the review line names each side: 'You' and the
 * opponent in a 1v1, each team with its players otherwise (docs/product.md#the-review-step).
 */
export function scoreLabels(match: MatchDetails | null, type: MatchType): { hints: [string, string]; sides: [string, string] } {
  if (!match) return { hints: ['', ''], sides: type === '1v1' ? ['You', 'Opponent'] : ['Team A', 'Team B'] };
  if (type === '1v1') {
    const opponent = match.opponent?.username ?? 'Opponent';
    return { hints: ['You', opponent], sides: ['You', opponent] };
  }
  return { hints: [names(match.teamA), names(match.teamB)], sides: ['Team A', 'Team B'] };
}

interface Props {
  scores: [number, number];
  names: [string, string];
  fits: boolean;
  target: number;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 'You 21 – mchen 15: submit?' before the report is sent; a score that does not fit the game's target
 * asks for a second, explicit confirmation (Submit anyway).
 */
export function ScoreReview({ scores, names: sides, fits, target, pending, onConfirm, onCancel }: Props) {
  return (
    <div className="score-review" role="group" aria-label="Review your score">
      <p className="score-review__line">{MSG.reviewScore(`${sides[0]} ${scores[0]}`, `${sides[1]} ${scores[1]}`)}</p>
      {!fits && (
        <p className="feedback feedback--error" role="alert">
          {MSG.scoreMisfit(target)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Edit
        </button>
        <button type="button" className="btn btn--primary" disabled={pending} onClick={onConfirm}>
          {fits ? 'Submit' : MSG.submitAnyway}
        </button>
      </div>
    </div>
  );
}
