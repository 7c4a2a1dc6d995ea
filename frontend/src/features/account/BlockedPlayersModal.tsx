import { useEffect, useState } from 'react';
import { BLOCK_SEARCH_MIN_LENGTH, type BlockedUser, type PlayerSearchResult } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';
import { Modal } from '../../components/Modal';
import { blockPlayer, fetchBlockedUsers, searchPlayers, unblockPlayer } from './accountApi';

/**
 * Core §2 Manage/Add Blocked Players: search from 2 characters, Block, the blocked list with
 * Unblock, OK. Block and unblock failures are silent (core §8); the lists reload from the server.
 */
export function BlockedPlayersModal({ onClose }: { onClose: () => void }) {
  const [blocked, setBlocked] = useState<BlockedUser[]>([]);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlayerSearchResult[]>([]);

  const reloadBlocked = () => fetchBlockedUsers().then(setBlocked).catch(() => undefined);
  useEffect(() => void reloadBlocked(), []);

  useEffect(() => {
    if (query.trim().length < BLOCK_SEARCH_MIN_LENGTH) {
      setResults([]);
      return;
    }
    let alive = true;
    const timer = window.setTimeout(() => {
      searchPlayers(query)
        .then((players) => alive && setResults(players))
        .catch(() => undefined);
    }, 250);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  async function block(p: PlayerSearchResult) {
    await blockPlayer(p.username).catch(() => undefined);
    setResults((r) => r.filter((x) => x.user_id !== p.user_id));
    await reloadBlocked();
  }

  async function unblock(u: BlockedUser) {
    await unblockPlayer(u.user_id).catch(() => undefined);
    await reloadBlocked();
  }

  return (
    <Modal title="Manage Blocked Players" onClose={onClose}>
      <div className="field">
        <label htmlFor="block-search">Search players</label>
        <input id="block-search" type="search" value={query} autoComplete="off" placeholder="Type at least 2 characters" onChange={(e) => setQuery(e.target.value)} />
      </div>
      {results.length > 0 && (
        <ul className="plain-list" aria-label="Search results">
          {results.map((p) => (
            <li key={p.user_id} className="plain-list__row">
              <Avatar picture={p.profile_picture} version={p.profile_picture_version} alt="" size={28} />
              <span className="plain-list__name">{p.username}</span>
              <button type="button" className="btn btn--secondary btn--small" onClick={() => void block(p)} aria-label={`Block ${p.username}`}>
                Block
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.trim().length >= BLOCK_SEARCH_MIN_LENGTH && results.length === 0 && <p className="muted">No results found</p>}
      <h3>Blocked Players</h3>
      {blocked.length === 0 ? (
        <p className="muted">You have not blocked anyone.</p>
      ) : (
        <ul className="plain-list" aria-label="Blocked players">
          {blocked.map((u) => (
            <li key={u.user_id} className="plain-list__row">
              <span className="plain-list__name">{u.username}</span>
              <button type="button" className="btn btn--secondary btn--small" onClick={() => void unblock(u)} aria-label={`Unblock ${u.username}`}>
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
        OK
      </button>
    </Modal>
  );
}
