import { Link } from 'react-router-dom';
import type { MatchPlayer } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';

/**
 * A team (or a single opponent) as a labelled list, so screens and tests can find it by name. With
 * `slots` the heading counts the team's places ('Team B 1/2'); a player's rating and verified mark
 * show when the server sent them (docs/product.md#the-lobby-in-words).
 */
export function PlayerList({ title, players, emptyText = 'Waiting for players…', slots }: { title: string; players: MatchPlayer[]; emptyText?: string; slots?: number }) {
  return (
    <section className="team" aria-label={title}>
      <h2>{slots ? `${title} ${players.length}/${slots}` : title}</h2>
      {players.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="team__players">
          {players.map((p) => (
            <li key={p.user_id}>
              <Link to={`/profile/${p.user_id}`} className="team__player">
                <Avatar picture={p.profile_picture} version={p.profile_picture_version} alt="" size={32} />
                <span>{p.username}</span>
                {(p.rating !== undefined || p.verified) && (
                  <span className="player-facts">
                    {p.verified && (
                      <span className="verified-mark" aria-label="Verified" title="Verified">
                        ✓
                      </span>
                    )}
                    {p.rating !== undefined && <span aria-label={`Rating ${p.rating}`}>{p.rating}</span>}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
