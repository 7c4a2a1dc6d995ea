import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES, type CalibrationScore } from '@gotnext/shared';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { headline, ReliabilityChart } from './ReliabilityChart';
import './fair-play.css';

const fmt = (x: number | null) => (x === null ? '—' : x.toFixed(3));

function ScoreRow({ label, s }: { label: string; s: CalibrationScore }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{s.games.toLocaleString('en-US')}</td>
      <td className="num">{fmt(s.logLoss)}</td>
      <td className="num">{fmt(s.brier)}</td>
    </tr>
  );
}

/**
 * The glass box (docs/rating.md#glass-box): how the rating works in plain words, and how often its
 * predictions came true on GotNext's own ranked history, recomputed every night. Public.
 */
export function RatingPage() {
  const { data, error } = useQuery({
    queryKey: queryKeys.ratingAccuracy(),
    queryFn: ({ signal }) => call(ROUTES.ratingAccuracy, { fallback: MSG.tryAgain, signal }),
  });
  const c = data?.calibration ?? null;
  return (
    <div className="page stack fair-play">
      <section className="card">
        <h1>How the rating works</h1>
        <p>Everyone starts at 4.000. Only ranked games count, and only once both sides agree on the score (or ops settle it).</p>
        <h2>What counts</h2>
        <ul>
          <li>Whether you won, and by how much: a clear win moves more than a narrow one.</li>
          <li>Who you played: beating a stronger side moves more than beating a weaker one; losing to a stronger side costs less.</li>
          <li>The game: longer games (to 11 or 21) tell more than a game to 5; in bigger teams each player carries a smaller share.</li>
          <li>How sure we are: a new player&rsquo;s rating moves fast; the more ranked games you play, the surer it gets and the more slowly it moves.</li>
        </ul>
        <h2>What does not</h2>
        <ul>
          <li>Casual games, cancelled and voided games, and league games (each league has its own rating).</li>
          <li>Points scored by one player, fouls, or who created the lobby.</li>
          <li>
            Games we find were arranged: matches between accounts that only play each other, share a device, or lose on purpose count less, and if ops confirm it they stop counting
            and the players they took rating from get it back.
          </li>
        </ul>
        <p>
          <Link to="/leaderboard">See the leaderboard</Link> · <Link to="/fair-play">Fair play and appeals</Link>
        </p>
      </section>
      <section className="card" aria-labelledby="accuracy-title">
        <h2 id="accuracy-title">How often it is right</h2>
        {error && <ErrorMessage>{errorText(error, MSG.tryAgain)}</ErrorMessage>}
        {!data && !error && <SkeletonLines count={3} />}
        {data && !c && <p className="muted">{MSG.calibrationNotYet}</p>}
        {c && (
          <>
            <p data-testid="accuracy-headline">{headline(c)}</p>
            <p className="muted">
              Before every ranked game the rating gives each side a chance. Measured on {c.games.toLocaleString('en-US')} ranked games, each predicted with the ratings just before
              it{data?.computed_at ? `; recomputed ${new Date(data.computed_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : ''}.
            </p>
            <ReliabilityChart bins={c.bins} />
            <div className="table-wrap">
              <table className="fair-play__table" aria-label="Accuracy by team size and experience">
                <caption>Lower is better: log-loss punishes confident mistakes, the Brier score is the mean squared miss.</caption>
                <thead>
                  <tr>
                    <th scope="col">Games</th>
                    <th scope="col">Count</th>
                    <th scope="col">Log-loss</th>
                    <th scope="col">Brier</th>
                  </tr>
                </thead>
                <tbody>
                  <ScoreRow label="All" s={c.overall} />
                  {c.byTeamSize.map((s) => (
                    <ScoreRow key={s.teamSize} label={`${s.teamSize}v${s.teamSize}`} s={s} />
                  ))}
                  <ScoreRow label="With a provisional player" s={c.provisional} />
                  <ScoreRow label="Established players only" s={c.established} />
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
