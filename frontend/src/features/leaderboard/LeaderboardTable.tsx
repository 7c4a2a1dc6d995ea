import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatRank, type LeaderboardPlayer } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';
import { RatingInfo } from './RatingInfo';

interface Props {
  players: LeaderboardPlayer[] | undefined;
  /** The logged-in viewer's own row, shown under the table wherever they stand. */
  you?: LeaderboardPlayer;
  /** The previous page, shown dimmed while the next one loads. */
  stale?: boolean;
}

/** Rank, Player, Rating, Total Games, Record; a row opens the player's profile (docs/product.md#leaderboard). */
export function LeaderboardTable({ players, you, stale = false }: Props) {
  const navigate = useNavigate();
  const open = (userId: number) => (e: MouseEvent) => {
    // The name is a link already; a click on it must not navigate twice.
    if (!(e.target as HTMLElement).closest('a')) navigate(`/profile/${userId}`);
  };
  const row = (p: LeaderboardPlayer, rank: string, className?: string) => (
    <tr key={`${className ?? 'row'}-${p.user_id}`} className={['leaderboard__row', className].filter(Boolean).join(' ')} onClick={open(p.user_id)}>
      <td className="leaderboard__rank">{rank}</td>
      <td>
        <Link to={`/profile/${p.user_id}`} className="leaderboard__player">
          <Avatar picture={p.profile_picture} version={p.profile_picture_version} alt="" size={32} />
          <span className="leaderboard__name">{p.username}</span>
        </Link>
      </td>
      <td className="leaderboard__num">{p.rating}</td>
      <td className="leaderboard__num">{p.total_matches}</td>
      <td className="leaderboard__num">{p.record}</td>
    </tr>
  );
  return (
    <div className="leaderboard__scroll">
      <table className={`leaderboard__table${stale ? ' leaderboard__table--stale' : ''}`} aria-busy={players === undefined || stale}>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col" className="leaderboard__num">
              <RatingInfo />
            </th>
            <th scope="col" className="leaderboard__num" title="Ranked games played">
              Total Games
            </th>
            <th scope="col" className="leaderboard__num" title="Ranked wins-losses (-draws)">
              Record
            </th>
          </tr>
        </thead>
        <tbody>
          {players === undefined
            ? Array.from({ length: 8 }, (_, i) => (
                <tr key={i} aria-hidden="true">
                  <td colSpan={5}>
                    <span className="skeleton" />
                  </td>
                </tr>
              ))
            : players.map((p) => row(p, String(p.rank)))}
        </tbody>
        {you && <tfoot>{row(you, `You: ${formatRank(you.rank)}`, 'leaderboard__row--you')}</tfoot>}
      </table>
    </div>
  );
}
