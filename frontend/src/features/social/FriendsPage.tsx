import { Link } from 'react-router-dom';
import { MSG, type FriendRequest, type PlayerSearchResult } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { OnlineDot } from './OnlineDot';
import { PlayerSearch } from './PlayerSearch';
import { useWatchPresence } from './presenceWatch';
import { useFriendAction, useFriends, useUnreadMessages } from './socialQueries';
import './social.css';
import { SkeletonLines } from '../../components/Skeleton';

/** /friends (docs/product.md#friends): requests, friends, Add Friends, and the unread-message badge. */
export function FriendsPage() {
  usePageTitle('Friends');
  const token = useAuthStore((s) => s.token);
  if (!token) return <LoginRequired title="Friends" message={MSG.friendsLogin} />;
  return <Friends />;
}

function Friends() {
  const { data, error } = useFriends();
  const { data: unread = 0 } = useUnreadMessages();
  useWatchPresence(data?.friends.map((f) => f.user_id) ?? []);

  return (
    <section className="page stack social">
      <header className="social__head">
        <h1>Friends</h1>
        <Link to="/messages" className="btn btn--secondary social__messages-link" aria-label={`Messages (${unread} unread)`}>
          Messages
          {unread > 0 && (
            <span className="count-badge" data-testid="unread-messages-badge">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Link>
      </header>
      {error ? (
        <div className="card panel">
          <ErrorMessage>{errorText(error, MSG.friendsError)}</ErrorMessage>
        </div>
      ) : !data ? (
        <SkeletonLines count={3} className="card panel" />
      ) : (
        <>
          <FriendRequests requests={data.friendRequests} />
          <section className="card panel" aria-labelledby="friends-heading">
            <h2 id="friends-heading">Friends</h2>
            {data.friends.length === 0 ? (
              <p className="muted">{MSG.noFriends}</p>
            ) : (
              <ul className="social-list" aria-label="Friends list">
                {data.friends.map((f) => (
                  <li key={f.user_id} className="social-list__row">
                    <span className="avatar-wrap">
                      <Avatar picture={f.profile_picture} version={f.profile_picture_version} alt="" size={40} />
                      <OnlineDot online={f.online} name={f.username} />
                    </span>
                    <Link to={`/profile/${f.user_id}`} className="social-list__name">
                      {f.username}
                    </Link>
                    <Link to={`/chat/${f.user_id}`} className="btn btn--secondary btn--small" aria-label={`Message ${f.username}`}>
                      Message
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card panel" aria-labelledby="add-friends-heading">
            <h2 id="add-friends-heading">Add Friends</h2>
            <PlayerSearch
              label="Search players"
              placeholder="Username"
              name={(p) => <Link to={`/profile/${p.user_id}`}>{p.username}</Link>}
              action={(p) => <AddFriendButton player={p} friendIds={data.friends.map((f) => f.user_id)} />}
            />
          </section>
        </>
      )}
    </section>
  );
}

function FriendRequests({ requests }: { requests: FriendRequest[] }) {
  const act = useFriendAction();
  const failure =
    act.error && act.variables?.kind === 'accept'
      ? errorText(act.error, MSG.acceptError)
      : act.error && act.variables?.kind === 'decline'
        ? errorText(act.error, MSG.declineError)
        : null;
  return (
    <section className="card panel" aria-labelledby="requests-heading">
      <h2 id="requests-heading">Friend Requests</h2>
      <ErrorMessage>{failure}</ErrorMessage>
      {requests.length === 0 ? (
        <p className="muted">{MSG.noFriendRequests}</p>
      ) : (
        <ul className="social-list" aria-label="Friend requests">
          {requests.map((r) => (
            <li key={r.id} className="social-list__row">
              <Avatar picture={r.profile_picture} version={r.profile_picture_version} alt="" size={40} />
              <Link to={`/profile/${r.sender_id}`} className="social-list__name">
                {r.username}
              </Link>
              <span className="social-list__buttons">
                <button
                  type="button"
                  className="btn btn--primary btn--small"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ kind: 'accept', requestId: r.id, userId: r.sender_id })}
                  aria-label={`Accept ${r.username}`}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ kind: 'decline', requestId: r.id, userId: r.sender_id })}
                  aria-label={`Decline ${r.username}`}
                >
                  Decline
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Add Friend on a search result: Friends when they already are, Request Sent once asked. */
function AddFriendButton({ player, friendIds }: { player: PlayerSearchResult; friendIds: number[] }) {
  const act = useFriendAction();
  if (friendIds.includes(player.user_id)) return <span className="muted social-list__state">Friends</span>;
  if (act.isSuccess)
    return (
      <button type="button" className="btn btn--secondary btn--small" disabled>
        Request Sent
      </button>
    );
  return (
    <button
      type="button"
      className="btn btn--primary btn--small"
      disabled={act.isPending}
      onClick={() => act.mutate({ kind: 'request', userId: player.user_id })}
      aria-label={`Add ${player.username} as a friend`}
    >
      Add Friend
    </button>
  );
}
