import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LEAGUE_LEADERBOARD_MAX_HEIGHT, MSG } from '@gotnext/shared';

/** A row of the league's leaderboard: its rank is the position in the full list. */
export interface LeagueStanding {
  user_id: number;
  username: string;
  rating: string;
  record: string;
}

/**
 * League Leaderboard (docs/product.md#league-page): the search box filters by username without
 * renumbering (Rank is the position in the full list); rows link to profiles; scrolls past 350px.
 * The standings come from the league's own pool (GET /api/leagues/leaderboard/{id}).
 */
export function LeagueLeaderboard({ standings }: { standings: LeagueStanding[] }) {
  const [text, setText] = useState('');
  const q = text.trim().toLowerCase();
  const rows = standings.map((s, i) => ({ ...s, rank: i + 1 })).filter((s) => s.username.toLowerCase().includes(q));
  return (
    <section className="card panel" aria-labelledby="league-leaderboard-heading">
      <h2 id="league-leaderboard-heading">League Leaderboard</h2>
      <div className="field">
        <label htmlFor="league-player-search" className="visually-hidden">
          {MSG.leaguePlayerSearch}
        </label>
        <input id="league-player-search" type="search" value={text} placeholder={MSG.leaguePlayerSearch} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="league-leaderboard" style={{ maxHeight: LEAGUE_LEADERBOARD_MAX_HEIGHT }}>
        <table>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col">Rating</th>
              <th scope="col">Record</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="muted">
                  {MSG.noPlayers}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.user_id}>
                  <td>{r.rank}</td>
                  <td>
                    <Link to={`/profile/${r.user_id}`}>{r.username}</Link>
                  </td>
                  <td>{r.rating}</td>
                  <td>{r.record}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
