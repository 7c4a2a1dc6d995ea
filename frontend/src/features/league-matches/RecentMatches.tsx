import { useState } from 'react';
import { MSG, RECENT_LEAGUE_MATCHES, type LeagueHistoryItem } from '@gotnext/shared';
import { LeagueMatchRow } from './LeagueMatchRow';
import { MatchHistoryModal } from './MatchHistoryModal';

/** Recent Matches: the 4 newest completed league matches, and View All Matches (docs/product.md#league-page). */
export function RecentMatches({ leagueId, history }: { leagueId: number; history: LeagueHistoryItem[] }) {
  const [open, setOpen] = useState(false);
  const recent = history.slice(0, RECENT_LEAGUE_MATCHES);
  return (
    <section className="card panel" aria-labelledby="recent-matches-heading">
      <h2 id="recent-matches-heading">Recent Matches</h2>
      {recent.length === 0 ? (
        <p className="muted">{MSG.noRecentMatches}</p>
      ) : (
        <>
          <ul className="league-matches">
            {recent.map((m) => (
              <LeagueMatchRow key={m.match_id} item={m} leagueId={leagueId} />
            ))}
          </ul>
          <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
            View All Matches
          </button>
        </>
      )}
      {open && <MatchHistoryModal leagueId={leagueId} history={history} onClose={() => setOpen(false)} />}
    </section>
  );
}
