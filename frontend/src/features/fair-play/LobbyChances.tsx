import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES, type MatchDetails } from '@gotnext/shared';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import './fair-play.css';

/**
 * Before a ranked game starts (docs/rating.md#glass-box): each team's chance, and what a win or a
 * loss would do to each player whose rating the caller may see. Read again whenever the roster
 * changes (the lobby itself is live, by socket or by polling).
 */
export function LobbyChances({ match }: { match: MatchDetails }) {
  const players = [...match.teamA, ...match.teamB];
  const roster = players.map((p) => `${p.user_id}${match.teamA.includes(p) ? 'A' : 'B'}`).join(',');
  const open = match.ranked && !match.league_id && (match.status === 'waiting' || match.status === 'ready');
  const { data } = useQuery({
    queryKey: queryKeys.matchChances(match.match_id, roster),
    queryFn: ({ signal }) => call(ROUTES.matchChances, { params: { matchId: match.match_id }, fallback: MSG.tryAgain, signal }),
    enabled: open,
  });
  if (!open || !data) return null;
  const nameOf = new Map(players.map((p) => [p.user_id, p.username]));
  return (
    <section className="chances" aria-label="Chances">
      <h2>Chances</h2>
      <p className="chances__teams">
        <span data-testid="chance-a">Team A {data.team_a_percent} %</span>
        <span data-testid="chance-b">Team B {data.team_b_percent} %</span>
      </p>
      <ul className="chances__players">
        {data.players
          .filter((p) => p.win !== undefined)
          .map((p) => (
            <li key={p.user_id}>
              <span>{nameOf.get(p.user_id) ?? 'Player'}</span>
              <span>
                win <strong className="delta--up">{p.win}</strong> · loss <strong className="delta--down">{p.loss}</strong>
              </span>
            </li>
          ))}
      </ul>
      <p className="muted">
        A typical win or loss; a wider margin moves more. <Link to="/rating">How the rating works</Link>
      </p>
    </section>
  );
}
