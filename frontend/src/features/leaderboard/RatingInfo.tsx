import { useId } from 'react';
import { Link } from 'react-router-dom';

/** What the Rating column means, in words (the formula itself is not shown; docs/rating.md). */
export const RATING_EXPLAINED =
  'Rating runs from 2.000 to 8.000; everyone starts at 4.000. Ranked results move it: beating stronger players, winning by more and longer games count more. New players move faster for their first 15 ranked games (provisional).';

/**
 * The Rating header with its tooltip: shown on hover and on keyboard focus (a tap on a phone), read
 * by screen readers; it links the glass box (docs/rating.md#glass-box), reachable while it is open.
 */
export function RatingInfo() {
  const id = useId();
  return (
    <span className="tip">
      Rating{' '}
      <button type="button" className="tip__button" aria-label="About the rating" aria-describedby={id}>
        ?
      </button>
      <span role="tooltip" id={id} className="tip__text">
        {RATING_EXPLAINED}{' '}
        <Link to="/rating" className="tip__more">
          How the rating works
        </Link>
      </span>
    </span>
  );
}
