/** "Mar 1" this year, "Mar 1, 2025" before it, in the browser's zone. */
function day(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const thisYear = d.getFullYear() === new Date().getFullYear();
  return d.toLocaleDateString(undefined, thisYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * The rating over time as a small line chart (docs/rating.md#rating-history): one point before the
 * first rated match, then one after each. Plain SVG scaled to its box: a few dozen points need no
 * charting library, and nothing is downloaded. The axes are HTML beside it (the SVG stretches, text
 * must not): the highest and lowest rating on the left, the first and last match's date below.
 * `dates` are the rated matches' times, oldest first (one fewer than the points).
 */
export function RatingChart({ points, dates }: { points: number[]; dates: string[] }) {
  const W = 300;
  const H = 100;
  const PAD = 8;
  if (points.length < 2) return null;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 0.001;
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / (points.length - 1);
  const y = (v: number) => H - PAD - ((v - min) * (H - 2 * PAD)) / span;
  const path = points.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = points[points.length - 1];
  const first = dates[0];
  const latest = dates[dates.length - 1];
  return (
    <figure className="rating-chart-box">
      <div className="rating-chart__y" aria-hidden="true" data-testid="rating-chart-y">
        <span>{max.toFixed(3)}</span>
        <span>{min.toFixed(3)}</span>
      </div>
      <svg
        className="rating-chart"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Rating history: ${points[0].toFixed(3)} to ${last.toFixed(3)} over ${points.length - 1} ranked matches`}
        data-testid="rating-chart"
        data-points={points.length}
      >
        <line x1={PAD} x2={W - PAD} y1={PAD} y2={PAD} className="rating-chart__grid" />
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="rating-chart__axis" />
        <line x1={PAD} x2={PAD} y1={PAD} y2={H - PAD} className="rating-chart__axis" />
        <line x1={PAD} x2={W - PAD} y1={y(points[0])} y2={y(points[0])} className="rating-chart__base" />
        <path d={path} className="rating-chart__line" />
        {points.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r={2.5} className="rating-chart__dot" />
        ))}
      </svg>
      {first && (
        <figcaption className="rating-chart__x" data-testid="rating-chart-x">
          <time dateTime={first}>{day(first)}</time>
          {dates.length > 1 && <time dateTime={latest}>{day(latest)}</time>}
        </figcaption>
      )}
    </figure>
  );
}
