import { useEffect, useRef, useState } from 'react';
import type { ScoreboardTeam, TeamScore, TeamSide } from '@gotnext/shared';
import { SCOREBOARD_WORDS } from './scoreboardWords';

const SIDES: TeamSide[] = ['A', 'B'];

interface Props {
  teams: { A: ScoreboardTeam; B: ScoreboardTeam };
  score: TeamScore;
  gamePoint: { A: boolean; B: boolean };
  /** The two buttons' points (+1/+2 or +2/+3), bigger first; absent: read only. */
  points?: readonly [number, number];
  onTap?: (team: TeamSide, points: number) => void;
}

/** A number that flashes when it changes, so a glance confirms the tap landed. */
function ScoreNumber({ value, label }: { value: number; label: string }) {
  const [flash, setFlash] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setFlash(true);
    const t = window.setTimeout(() => setFlash(false), 400);
    return () => window.clearTimeout(t);
  }, [value]);
  return (
    <p className={`scoreboard__score${flash ? ' is-flashing' : ''}`} aria-label={label} data-testid="team-score">
      {value}
    </p>
  );
}

/**
 * The two teams side by side (docs/product.md#scoreboard): name, score, "Game point", and for a
 * scorer the two big buttons under each, the larger basket nearer the thumb.
 */
export function ScoreColumns({ teams, score, gamePoint, points, onTap }: Props) {
  return (
    <div className="scoreboard__teams">
      {SIDES.map((side) => {
        const team = teams[side];
        return (
          <section key={side} className="scoreboard__team" aria-labelledby={`team-${side}`}>
            <h2 id={`team-${side}`} className="scoreboard__name">
              {team.name}
            </h2>
            {team.players.length > 1 && <p className="scoreboard__players">{team.players.map((p) => p.username).join(', ')}</p>}
            <ScoreNumber value={score[side]} label={`${team.name}: ${score[side]}`} />
            <p className="scoreboard__game-point" aria-live="polite">
              {gamePoint[side] ? SCOREBOARD_WORDS.gamePoint : ''}
            </p>
            {points && onTap && (
              <div className="scoreboard__buttons">
                {[points[0], points[1]].map((p) => (
                  <button
                    key={p}
                    type="button"
                    className={`scoreboard__tap scoreboard__tap--${p === points[1] ? 'big' : 'small'}`}
                    aria-label={`+${p} ${team.name}`}
                    onClick={() => onTap(side, p)}
                  >
                    +{p}
                  </button>
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
