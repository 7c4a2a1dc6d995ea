import { Link } from 'react-router-dom';
import { COURT_TITLE_NAMES } from '@gotnext/shared';
import { useAuthStore } from '../../stores/auth';
import { useCourtTitles } from './courtStatsQueries';
import './courts.css';
import './court-stats.css';

/** "Court King · Rucker Park" on a profile (docs/courts.md#court-leaders); courts are for logged-in players. */
export function CourtTitles({ userId }: { userId: number }) {
  const loggedIn = useAuthStore((s) => s.token !== null);
  const titles = useCourtTitles(userId, loggedIn);
  if (!titles.data?.length) return null;
  return (
    <ul className="court-titles" aria-label="Court titles">
      {titles.data.map((t) => (
        <li key={`${t.court_id}-${t.title}`} className="courts__badge">
          {COURT_TITLE_NAMES[t.title]} · <Link to={`/court/${t.court_id}`}>{t.court_name}</Link>
        </li>
      ))}
    </ul>
  );
}
