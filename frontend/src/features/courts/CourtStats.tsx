import type { CourtGame } from '@gotnext/shared';
import { BusyHours } from './BusyHours';
import { CourtLeaders } from './CourtLeaders';
import { useCourtStats } from './courtStatsQueries';
import './court-stats.css';

/** The court page's busy hours and leaders, read again when one of today's games completes. */
export function CourtStats({ courtId, gamesToday }: { courtId: number; gamesToday: CourtGame[] }) {
  const stats = useCourtStats(courtId, gamesToday.filter((g) => g.status === 'completed').length);
  if (!stats.data) return null;
  return (
    <>
      <CourtLeaders leaders={stats.data.leaders} />
      <BusyHours hours={stats.data.busy_hours} />
    </>
  );
}
