import { Link } from 'react-router-dom';
import { COURT_STATS_MSG, COURT_TITLE_NAMES, type CourtLeader, type CourtLeaders as Leaders } from '@gotnext/shared';

function Leader({ leader, empty }: { leader: CourtLeader | null; empty: string }) {
  if (!leader) return <span className="muted">{empty}</span>;
  return (
    <>
      <Link to={`/profile/${leader.user_id}`}>{leader.username}</Link>
      {leader.rating !== undefined && <> · {leader.rating}</>} · {leader.games} ranked {leader.games === 1 ? 'game' : 'games'} here
    </>
  );
}

/** Court King and Court Legend (docs/courts.md#court-leaders); a hidden rating is simply absent. */
export function CourtLeaders({ leaders }: { leaders: Leaders }) {
  return (
    <section className="card panel" aria-labelledby="court-leaders">
      <h2 id="court-leaders">Court leaders</h2>
      <dl className="court__leaders">
        <dt>{COURT_TITLE_NAMES.king}</dt>
        <dd data-testid="court-king">
          <Leader leader={leaders.king} empty={COURT_STATS_MSG.noKing} />
        </dd>
        <dt>{COURT_TITLE_NAMES.legend}</dt>
        <dd data-testid="court-legend">
          <Leader leader={leaders.legend} empty={COURT_STATS_MSG.noLegend} />
        </dd>
      </dl>
      <p className="muted">
        King: the best rating with at least {leaders.king_min_games} ranked games here; Legend: the most ranked games here; both over the last {leaders.days} days.
      </p>
    </section>
  );
}
