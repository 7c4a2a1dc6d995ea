import { MSG, ratingWhySentence } from '@gotnext/shared';
import { RatingChart } from './RatingChart';
import { useRatingHistory } from './ratingQueries';

/**
 * The rating explained (docs/rating.md#rating-history): the chart of the stored rating events,
 * the peak, how many ranked games are left while provisional (with what that means), and each
 * rated match's change with a short why. Nothing when the player hides the rating.
 */
export function RatingPanel({ userId }: { userId: number }) {
  const { data } = useRatingHistory(userId);
  if (!data) return null;
  const points = data.entries.length ? [Number(data.entries[0].rating_before), ...data.entries.map((e) => Number(e.rating_after))] : [];
  return (
    <section className="rating-panel" aria-label="Rating history">
      <h2>Rating</h2>
      <dl className="match-facts">
        <dt>Current</dt>
        <dd data-testid="rating-current">{data.rating}</dd>
        <dt>Peak</dt>
        <dd data-testid="rating-peak">{data.peak_rating}</dd>
      </dl>
      {data.provisional && (
        <details className="tip">
          <summary>
            provisional: {data.provisional_games_left} more ranked game{data.provisional_games_left === 1 ? '' : 's'} ⓘ
          </summary>
          <p role="note">{MSG.provisionalTooltip(data.provisional_games_left)}</p>
        </details>
      )}
      {points.length > 1 ? <RatingChart points={points} dates={data.entries.map((e) => e.completed_at)} /> : <p className="muted">No ranked matches yet.</p>}
      {data.entries.length > 0 && (
        <ul className="rating-changes" aria-label="Rating changes">
          {[...data.entries].reverse().map((e) => (
            <li key={e.match_id}>
              <div className="rating-changes__head">
                <strong className={e.rating_change.startsWith('-') ? 'delta--down' : 'delta--up'}>{e.rating_change}</strong>
                <span>
                  {e.outcome} {e.my_score}–{e.their_score} vs {e.opponents.join(', ')} · {e.match_type}
                </span>
                <span className="muted">
                  {e.rating_before} → {e.rating_after}
                </span>
              </div>
              <small className="muted">{ratingWhySentence(e.why)}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
