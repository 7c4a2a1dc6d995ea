interface Props {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Previous / Next past the first 50 ranks, with "Page X of Y" (nothing when one page holds the board). */
export function LeaderboardPager({ page, total, pageSize, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="leaderboard__pager" aria-label="Leaderboard pages">
      <button type="button" className="btn btn--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
      </span>
      <button type="button" className="btn btn--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
