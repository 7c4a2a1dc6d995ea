import { useState, type ReactNode } from 'react';
import { MSG, type PlayerSearchResult } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';
import { usePlayerSearch } from '../account/blocking';

interface Props {
  label: string;
  placeholder: string;
  /** What each result offers (Add Friend, a chat link...). */
  action: (player: PlayerSearchResult) => ReactNode;
  /** The result's name: a link to where the player is shown. */
  name: (player: PlayerSearchResult) => ReactNode;
}

/**
 * Player search for the social screens: runs for any non-empty query (players blocked either way
 * are left out by the server), 'No results found' when nothing matches.
 */
export function PlayerSearch({ label, placeholder, action, name }: Props) {
  const [text, setText] = useState('');
  const { results, answered } = usePlayerSearch(text, 1);
  return (
    <div className="player-search">
      <div className="field">
        <label htmlFor="player-search">{label}</label>
        <input id="player-search" type="search" value={text} autoComplete="off" placeholder={placeholder} onChange={(e) => setText(e.target.value)} />
      </div>
      {results.length > 0 && (
        <ul className="social-list" aria-label="Search results">
          {results.map((p) => (
            <li key={p.user_id} className="social-list__row">
              <Avatar picture={p.profile_picture} version={p.profile_picture_version} alt="" size={36} />
              <span className="social-list__name">{name(p)}</span>
              {action(p)}
            </li>
          ))}
        </ul>
      )}
      {answered && results.length === 0 && <p className="muted">{MSG.noResults}</p>}
    </div>
  );
}
