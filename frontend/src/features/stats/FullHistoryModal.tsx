import { useState } from 'react';
import { MATCH_TYPES, MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { useAuthStore } from '../../stores/auth';
import { historyPage, type HistoryFilter, type HistorySort } from './history';
import { HistoryList } from './HistoryList';
import { useUserStats } from './statsQueries';
import { SkeletonLines } from '../../components/Skeleton';

/** 'Show Full History': every match, sortable by date, filtered by type, 15 per page. */
export function FullHistoryModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const token = useAuthStore((s) => s.token);
  const history = useUserStats(userId, { fullHistory: true, enabled: token !== null });
  const entries = history.data?.match_history;
  const error = token ? errorText(history.error, MSG.historyError) : MSG.historyLogin;
  const [sort, setSort] = useState<HistorySort>('date_newest');
  const [filter, setFilter] = useState<HistoryFilter>('All');
  const [page, setPage] = useState(1);

  const view = entries ? historyPage(entries, sort, filter, page) : null;
  return (
    <Modal title="Full Match History" onClose={onClose}>
      <div className="score-pair">
        <FormField label="Sort">
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as HistorySort);
              setPage(1);
            }}
          >
            <option value="date_newest">Newest first</option>
            <option value="date_oldest">Oldest first</option>
          </select>
        </FormField>
        <FormField label="Match Type">
          <select
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as HistoryFilter);
              setPage(1);
            }}
          >
            <option value="All">All</option>
            {MATCH_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {!error && !view && <SkeletonLines count={3} />}
      {view && (
        <>
          <HistoryList entries={view.rows} />
          <div className="actions">
            <button type="button" className="btn btn--secondary" disabled={view.page <= 1} onClick={() => setPage(view.page - 1)}>
              Previous
            </button>
            <span className="muted">
              Page {view.page} of {view.pages}
            </span>
            <button type="button" className="btn btn--secondary" disabled={view.page >= view.pages} onClick={() => setPage(view.page + 1)}>
              Next
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
