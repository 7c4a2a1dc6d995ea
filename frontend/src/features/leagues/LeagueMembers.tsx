import { Link } from 'react-router-dom';
import { LEAGUE_MEMBERS_MAX_HEIGHT, type League, type LeagueMemberDetail } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';
import { useFriendAction, useFriendStatus } from '../social/socialQueries';
import '../social/social.css';

/**
 * Members (count) (docs/product.md#league-page): picture, name linked to the profile, and for a
 * logged-in viewer a message button (to the chat) and Add Friend while they are not friends;
 * neither for oneself. Scrolls past 300px.
 */
export function LeagueMembers({ league, me }: { league: League; me: number | null }) {
  return (
    <section className="card panel" aria-labelledby="league-members-heading">
      <h2 id="league-members-heading">Members ({league.member_count})</h2>
      <ul className="social-list league-members" aria-label="Members" style={{ maxHeight: LEAGUE_MEMBERS_MAX_HEIGHT }}>
        {league.member_details.map((m) => (
          <li key={m.user_id} className="social-list__row">
            <Avatar picture={m.profile_picture} version={m.profile_picture_version} alt="" size={40} />
            <Link to={`/profile/${m.user_id}`} className="social-list__name">
              {m.username}
              {m.user_id === league.creator_id && <span className="league-badge">Admin</span>}
            </Link>
            {me !== null && m.user_id !== me && <MemberButtons member={m} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Message, and Add Friend while `not_friends` (GET /api/friends/status); Request Sent once asked. */
function MemberButtons({ member }: { member: LeagueMemberDetail }) {
  const { data: status } = useFriendStatus(member.user_id);
  const act = useFriendAction();
  return (
    <span className="social-list__buttons">
      <Link to={`/chat/${member.user_id}`} className="btn btn--secondary btn--small" aria-label={`Message ${member.username}`}>
        Message
      </Link>
      {status?.status === 'not_friends' && (
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={act.isPending}
          onClick={() => act.mutate({ kind: 'request', userId: member.user_id })}
          aria-label={`Add ${member.username} as a friend`}
        >
          Add Friend
        </button>
      )}
      {status?.status === 'request_sent' && (
        <button type="button" className="btn btn--secondary btn--small" disabled>
          Request Sent
        </button>
      )}
    </span>
  );
}
