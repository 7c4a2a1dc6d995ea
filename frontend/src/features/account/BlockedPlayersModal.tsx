import { useState } from 'react';
import { BLOCK_SEARCH_MIN_LENGTH } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';
import { Modal } from '../../components/Modal';
import { useBlockActions, useBlockedUsers, usePlayerSearch } from './blocking';

/**
 * Manage/Add Blocked Players (docs/identity-rules.md): search from 2 characters, Block, the blocked
 * list with Unblock, OK. Block and unblock failures are silent; the lists reload from the server.
 */
export function BlockedPlayersModal({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const blocked = useBlockedUsers().data ?? [];
  const search = usePlayerSearch(query);
  const results = search.results;
  const { block, unblock } = useBlockActions(search.query);

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
              <button type="button" className="btn btn--secondary btn--small" onClick={() => block(p)} aria-label={`Block ${p.username}`}>
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
              <button type="button" className="btn btn--secondary btn--small" onClick={() => unblock(u.user_id)} aria-label={`Unblock ${u.username}`}>
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
