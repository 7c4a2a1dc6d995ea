import { useId } from 'react';
import { Link } from 'react-router-dom';

/** What the Rating column means, in words (the formula itself is not shown; docs/rating.md). */
export const RATING_EXPLAINED =
  'Rating runs from 2.000 to 8.000; everyone starts at 4.000. Ranked results move it: beating stronger players, winning by more and longer games count more. New players move faster for their first 15 ranked games (provisional).';

/** The Rating header with its tooltip (shown on hover and on keyboard focus, read by screen readers) and the link to the glass box (docs/rating.md#glass-box). */
export function RatingInfo() {
  const id = useId();
  return (
    <span className="tip">
      Rating{' '}
      <button type="button" className="tip__button" aria-label="About the rating" aria-describedby={id}>
        ?
      </button>
      <span role="tooltip" id={id} className="tip__text">
        {RATING_EXPLAINED}
      </span>{' '}
      <Link to="/rating" className="tip__more">
        How it works
      </Link>
    </span>
  );
}
