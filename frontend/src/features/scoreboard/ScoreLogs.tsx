import { scoreText, type WitnessedEvidence } from '@gotnext/shared';
import './scoreboard.css';

/**
 * A witnessed dispute's evidence (docs/matches.md#witnessed-score): where the two scorers split and
 * each one's score and number of taps, for the players' dispute page and the ops' queue alike.
 */
export function ScoreLogs({ evidence }: { evidence: WitnessedEvidence | null }) {
  if (!evidence) return null;
  return (
    <section className="score-logs" aria-label="Score logs">
      <h2>Scored live</h2>
      {evidence.divergence && <p>The scorers split after {evidence.divergence.at}.</p>}
      <ul>
        {evidence.scorers.map((s) => {
          const taps = evidence.events.filter((e) => e.scorer === s.userId && e.kind === 'tap').length;
          const undos = evidence.events.filter((e) => e.scorer === s.userId && e.kind === 'undo').length;
          return (
            <li key={s.userId}>
              <strong>{s.username}</strong>: {scoreText(s.score)} ({taps} tap{taps === 1 ? '' : 's'}, {undos} undone)
            </li>
          );
        })}
      </ul>
    </section>
  );
}
