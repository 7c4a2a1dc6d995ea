import { Link } from 'react-router-dom';
import { MSG, type MatchHistoryEntry, type MatchPlayer } from '@gotnext/shared';

const names = (team: MatchPlayer[]) => team.map((p) => p.username).join(', ');

function Versus({ entry }: { entry: MatchHistoryEntry }) {
  if (entry.match_type === '1v1') {
    return entry.opponent_id ? (
      <>
        vs <Link to={`/profile/${entry.opponent_id}`}>{entry.opponent_name}</Link>
      </>
    ) : (
      <>vs —</>
    );
  }
  return (
    <>
      Team A ({names(entry.team_a)}) vs Team B ({names(entry.team_b)})
    </>
  );
}

/** The score from the viewed player's side, or a dash when they hide their results (docs/matches.md#what-others-see). */
function score(e: MatchHistoryEntry): string {
  const [x, y] = e.match_type === '1v1' ? [e.user_score, e.opponent_score] : [e.team_a_score, e.team_b_score];
  return x === null || y === null ? '—' : `${x} – ${y}`;
}

/** Match history rows: outcome, type, ranked, who against whom, the score and the local time. */
export function HistoryList({ entries }: { entries: MatchHistoryEntry[] }) {
  if (!entries.length) return <p className="muted">{MSG.noHistory}</p>;
  return (
    <ul className="history" aria-label="Match history">
      {entries.map((e) => (
        <li key={e.match_id} className={`history__row history__row--${(e.outcome ?? 'hidden').toLowerCase()}`}>
          <div className="history__head">
            <strong>{e.outcome ?? MSG.resultHidden}</strong>
            <span>
              {e.match_type} · {e.ranked_status}
            </span>
            {e.rating_change && <span className="history__delta">{e.rating_change}</span>}
          </div>
          <div>
            {score(e)} <Versus entry={e} />
          </div>
          <small className="muted">{e.date_time_local}</small>
        </li>
      ))}
    </ul>
  );
}
