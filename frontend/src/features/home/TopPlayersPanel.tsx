import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { formatRating } from './formatRating';
import { useTopPlayers } from './homeData';

export function TopPlayersPanel() {
  const { data: players } = useTopPlayers();

  return (
    <section className="card panel" aria-labelledby="top-players-title">
      <h2 id="top-players-title">Top 10 Players in the World</h2>
      {players === undefined ? (
        <p className="muted">Loading...</p>
      ) : players.length === 0 ? (
        <p className="muted">No players to display.</p>
      ) : (
        <ol className="player-list">
          {players.map((p, i) => (
            <li key={p.user_id}>
              <Link to={`/profile/${p.user_id}`} className="player-list__row">
                <span className="player-list__rank">{i + 1}</span>
                <Avatar picture={p.profile_picture} version={p.profile_picture_version} alt="" size={36} />
                <span className="player-list__name">{p.username}</span>
                <span className="player-list__rating">{formatRating(p.rating)}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
