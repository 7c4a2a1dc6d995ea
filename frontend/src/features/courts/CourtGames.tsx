import { Link } from 'react-router-dom';
import type { CourtGame } from '@gotnext/shared';

const names = (team: CourtGame['team_a']) => team.map((p) => p.username).join(', ');

/** Games made at the court today, newest first, with the predicted odds the teams were made with. */
export function CourtGames({ games }: { games: CourtGame[] }) {
  return (
    <section className="card panel" aria-labelledby="court-games">
      <h2 id="court-games">Games today</h2>
      {games.length === 0 ? (
        <p className="muted">No games yet today.</p>
      ) : (
        <ul className="court__games" aria-label="Games today">
          {games.map((g) => (
            <li key={g.match_id}>
              <Link to={`/pregame/${g.match_id}`}>
                {g.match_type}
                {g.ranked ? ' ranked' : ' pickup'}
              </Link>{' '}
              <span>
                {names(g.team_a)} vs {names(g.team_b)}
              </span>{' '}
              {g.team_a_score !== null && g.team_b_score !== null ? (
                <strong data-testid="game-score">
                  {g.team_a_score}–{g.team_b_score}
                </strong>
              ) : (
                <span className="muted">{g.status}</span>
              )}{' '}
              <span className="muted">
                ({Math.round(g.win_probability * 100)}% – {100 - Math.round(g.win_probability * 100)}% predicted)
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
