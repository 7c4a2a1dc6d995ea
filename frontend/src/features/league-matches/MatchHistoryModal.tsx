import { useState } from 'react';
import { LEAGUE_HISTORY_PAGE_SIZE, MATCH_TYPES, MSG, type LeagueHistoryItem } from '@gotnext/shared';
import { Modal } from '../../components/Modal';
import { LeagueMatchRow } from './LeagueMatchRow';

type Sort = 'newest' | 'oldest';

/**
 * Full Match History (docs/product.md#league-page): completed matches only, Newest or Oldest, All or one type,
 * Previous / numbered / Next pages of LEAGUE_HISTORY_PAGE_SIZE (10, **Decided**); a new filter
 * or sort goes back to page 1.
 */
export function MatchHistoryModal({ leagueId, history, onClose }: { leagueId: number; history: LeagueHistoryItem[]; onClose: () => void }) {
  const [sort, setSort] = useState<Sort>('newest');
  const [type, setType] = useState<string>('All');
  const [page, setPage] = useState(1);
  const filtered = history.filter((m) => m.status === 'completed' && (type === 'All' || m.match_type === type));
  const ordered = sort === 'newest' ? filtered : [...filtered].reverse();
  const pages = Math.max(1, Math.ceil(ordered.length / LEAGUE_HISTORY_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = ordered.slice((current - 1) * LEAGUE_HISTORY_PAGE_SIZE, current * LEAGUE_HISTORY_PAGE_SIZE);
  return (
    <Modal title="Full Match History" onClose={onClose}>
      <div className="league-history__filters">
        <label>
          Sort By{' '}
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as Sort);
              setPage(1);
            }}
          >
            <option value="newest">Newest</option>
            <option value="oldest">Oldest</option>
          </select>
        </label>
        <label>
          Match Type{' '}
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setPage(1);
            }}
          >
            {['All', ...MATCH_TYPES].map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">{LEAGUE_HISTORY_PAGE_SIZE} matches per page</p>
      {shown.length === 0 ? (
        <p className="muted">{MSG.leagueHistoryEmpty}</p>
      ) : (
        <ul className="league-matches">
          {shown.map((m) => (
            <LeagueMatchRow key={m.match_id} item={m} leagueId={leagueId} />
          ))}
        </ul>
      )}
      <nav className="league-history__pages" aria-label="Pages">
        <button type="button" className="btn btn--secondary" disabled={current === 1} onClick={() => setPage(current - 1)}>
          Previous
        </button>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className={n === current ? 'btn btn--primary' : 'btn btn--secondary'}
            aria-current={n === current ? 'page' : undefined}
            onClick={() => setPage(n)}
          >
            {n}
          </button>
        ))}
        <button type="button" className="btn btn--secondary" disabled={current === pages} onClick={() => setPage(current + 1)}>
          Next
        </button>
      </nav>
    </Modal>
  );
}
