import { HISTORY_PAGE_SIZE, type MatchHistoryEntry, type MatchType } from '@gotnext/shared';

export type HistorySort = 'date_newest' | 'date_oldest';
export type HistoryFilter = 'All' | MatchType;

/** Sorted, filtered and cut into pages of 15 (docs/matches.md). `page` is 1-based and clamped. */
export function historyPage(entries: MatchHistoryEntry[], sort: HistorySort, filter: HistoryFilter, page: number) {
  const kept = entries.filter((e) => e.outcome !== 'Disputed' && (filter === 'All' || e.match_type === filter));
  const ordered = [...kept].sort((a, b) => {
    const d = a.completed_at.localeCompare(b.completed_at) || a.match_id - b.match_id;
    return sort === 'date_newest' ? -d : d;
  });
  const pages = Math.max(1, Math.ceil(ordered.length / HISTORY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: ordered.slice((current - 1) * HISTORY_PAGE_SIZE, current * HISTORY_PAGE_SIZE), page: current, pages, total: ordered.length };
}
