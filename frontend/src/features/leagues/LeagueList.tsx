import { Link } from 'react-router-dom';
import { DEFAULT_LEAGUE_IMAGE, type LeagueSummary } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';

/** Leagues as a list of links to their pages, with picture, name, members and whether private. */
export function LeagueList({ leagues, label }: { leagues: LeagueSummary[]; label: string }) {
  return (
    <ul className="league-list" aria-label={label}>
      {leagues.map((l) => (
        <li key={l.league_id}>
          <Link to={`/league/${l.league_id}`} className="league-list__row">
            <Avatar picture={l.league_image} version={l.league_image_version} alt="" size={44} fallback={DEFAULT_LEAGUE_IMAGE} />
            <span className="league-list__text">
              <span className="league-list__name">{l.name}</span>
              <span className="league-list__meta muted">
                {l.member_count} {l.member_count === 1 ? 'member' : 'members'}
                {l.is_private ? ' · Private' : ''}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
