import type { Calibration, CalibrationBin } from '@gotnext/shared';

const pct = (x: number) => `${Math.round(x * 100)} %`;

/** "When we gave a team 70 %, it won 68 % of 1,204 games": the bin with the most games at 60 % or more (else the fullest). */
export function headline(c: Calibration): string {
  const filled = c.bins.filter((b) => b.games > 0);
  if (!filled.length) return 'No ranked game has been played yet.';
  const confident = filled.filter((b) => b.from >= 0.6);
  const bin = (confident.length ? confident : filled).reduce((best, b) => (b.games > best.games ? b : best));
  return `When we gave a team ${pct(bin.predicted!)}, it won ${pct(bin.won!)} of ${bin.games.toLocaleString('en-US')} games.`;
}

/**
 * The reliability chart: for each of the 10 bins of the favourite's chance, the predicted chance
 * against the share actually won; on the diagonal is a perfect rating. A table under it says the
 * same for screen readers and small screens.
 */
export function ReliabilityChart({ bins }: { bins: CalibrationBin[] }) {
  const size = 240;
  const pad = 28;
  const at = (x: number) => pad + x * (size - 2 * pad);
  const y = (v: number) => size - at(v);
  const shown = bins.filter((b) => b.games > 0 && b.predicted !== null && b.won !== null);
  return (
    <figure className="reliability">
      <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label="Predicted chance against games won, by bin">
        <line x1={at(0)} y1={y(0)} x2={at(1)} y2={y(1)} className="reliability__ideal" />
        <line x1={at(0)} y1={y(0)} x2={at(1)} y2={y(0)} className="reliability__axis" />
        <line x1={at(0)} y1={y(0)} x2={at(0)} y2={y(1)} className="reliability__axis" />
        {[0, 0.5, 1].map((t) => (
          <g key={t}>
            <text x={at(t)} y={size - 8} textAnchor="middle" className="reliability__label">
              {pct(t)}
            </text>
            <text x={4} y={y(t) + 4} className="reliability__label">
              {pct(t)}
            </text>
          </g>
        ))}
        {shown.map((b) => (
          <circle key={b.from} cx={at(b.predicted!)} cy={y(b.won!)} r={Math.min(9, 3 + Math.log10(b.games + 1) * 2)} className="reliability__dot" />
        ))}
      </svg>
      <figcaption>Each dot is a group of games: across, the chance we gave the favourite; up, how often it won. On the line is a perfect forecast.</figcaption>
      <div className="table-wrap">
        <table className="fair-play__table" aria-label="Reliability by bin">
          <thead>
            <tr>
              <th scope="col">We gave</th>
              <th scope="col">Games</th>
              <th scope="col">Predicted</th>
              <th scope="col">Won</th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b) => (
              <tr key={b.from}>
                <th scope="row">
                  {Math.round(b.from * 100)}–{Math.round(b.to * 100)} %
                </th>
                <td className="num">{b.games.toLocaleString('en-US')}</td>
                <td className="num">{b.predicted === null ? '—' : pct(b.predicted)}</td>
                <td className="num">{b.won === null ? '—' : pct(b.won)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
