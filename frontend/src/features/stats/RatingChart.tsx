/**
 * The rating over time as a small line chart (docs/rating.md#rating-history): one point before the
 * first rated match, then one after each. Plain SVG scaled to its box: a few dozen points need no
 * charting library, and nothing is downloaded.
 */
export function RatingChart({ points }: { points: number[] }) {
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
  return (
    <svg
      className="rating-chart"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Rating history: ${points[0].toFixed(3)} to ${last.toFixed(3)} over ${points.length - 1} ranked matches`}
      data-testid="rating-chart"
      data-points={points.length}
    >
      <line x1={PAD} x2={W - PAD} y1={y(points[0])} y2={y(points[0])} className="rating-chart__base" />
      <path d={path} className="rating-chart__line" />
      {points.map((v, i) => (
        <circle key={i} cx={x(i)} cy={y(v)} r={2.5} className="rating-chart__dot" />
      ))}
    </svg>
  );
}
