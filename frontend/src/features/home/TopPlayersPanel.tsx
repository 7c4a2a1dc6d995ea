import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';
import { SkeletonLines } from '../../components/Skeleton';
import { useTopPlayers } from './homeData';

/** Top 10 Players in the World, blocked players removed by the server (docs/product.md#home). */
export function TopPlayersPanel() {
  const { data: players, isError } = useTopPlayers();

  return (
    <section className="card panel" aria-labelledby="top-players-title">
      <h2 id="top-players-title">Top 10 Players in the World</h2>
      {players === undefined && !isError ? (
        <SkeletonLines count={5} />
      ) : !players?.length ? (
        <p className="muted">{MSG.noPlayers}</p>
      ) : (
        <ol className="player-list">
          {players.map((p) => (
            <li key={p.user_id}>
              <Link to={`/profile/${p.user_id}`} className="player-list__row">
                <span className="player-list__rank">{p.rank}</span>
                <Avatar picture={p.profile_picture} version={p.profile_picture_version} alt="" size={36} />
                <span className="player-list__name">{p.username}</span>
                <span className="player-list__rating">{p.rating}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <p className="panel__more">
        <Link to="/leaderboard" className="btn btn--secondary">
          View Leaderboard
        </Link>
      </p>
    </section>
  );
}
