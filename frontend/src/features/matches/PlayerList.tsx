import { Link } from 'react-router-dom';
import type { MatchPlayer } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';

/** A team (or a single opponent) as a labelled list, so screens and tests can find it by name. */
export function PlayerList({ title, players, emptyText = 'Waiting for players…' }: { title: string; players: MatchPlayer[]; emptyText?: string }) {
  return (
    <section className="team" aria-label={title}>
      <h2>{title}</h2>
      {players.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="team__players">
          {players.map((p) => (
            <li key={p.user_id}>
              <Link to={`/profile/${p.user_id}`} className="team__player">
                <Avatar picture={p.profile_picture} version={p.profile_picture_version} alt="" size={32} />
                <span>{p.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
