import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { OnlineDot } from './OnlineDot';
import { PlayerSearch } from './PlayerSearch';
import { useWatchPresence } from './presenceWatch';
import { useConversations } from './socialQueries';
import './social.css';
import { SkeletonLines } from '../../components/Skeleton';

/** /messages (docs/product.md#messages-and-chat): search a player to write to, and the conversations, newest first. */
export function MessagesPage() {
  usePageTitle('Messages');
  const token = useAuthStore((s) => s.token);
  if (!token) return <LoginRequired title="Messages" message={MSG.messagesLogin} />;
  return <Conversations />;
}

function Conversations() {
  const me = useAuthStore((s) => s.userId);
  const { data, error } = useConversations();
  useWatchPresence(data?.messages.map((c) => c.user_id) ?? []);

  return (
    <section className="page stack social">
      <h1>Messages</h1>
      <div className="card panel">
        <PlayerSearch
          label="Search by username"
          placeholder="Username"
          name={(p) => <Link to={`/chat/${p.user_id}`}>{p.username}</Link>}
          action={(p) => (
            <Link to={`/chat/${p.user_id}`} className="btn btn--primary btn--small" aria-label={`Chat with ${p.username}`}>
              Chat
            </Link>
          )}
        />
      </div>
      <section className="card panel" aria-labelledby="conversations-heading">
        <h2 id="conversations-heading" className="visually-hidden">
          Conversations
        </h2>
        {error ? (
          <ErrorMessage>{errorText(error, MSG.messagesLoadFailed)}</ErrorMessage>
        ) : !data ? (
          <SkeletonLines count={3} />
        ) : data.messages.length === 0 ? (
          <p className="muted">{MSG.noMessages}</p>
        ) : (
          <ul className="social-list conversations" aria-label="Conversations">
            {data.messages.map((c) => (
              <li key={c.user_id}>
                <Link to={`/chat/${c.user_id}`} className={`conversation${c.unread_count > 0 ? ' conversation--unread' : ''}`}>
                  <span className="avatar-wrap">
                    <Avatar picture={c.profile_picture} version={c.profile_picture_version} alt="" size={44} />
                    <OnlineDot online={c.online} name={c.username} />
                  </span>
                  <span className="conversation__body">
                    <span className="conversation__top">
                      <span className="conversation__name">{c.username}</span>
                      <span className="conversation__date muted">{c.date}</span>
                    </span>
                    <span className="conversation__last">
                      {c.last_sender_id === me ? 'You: ' : ''}
                      {c.last_message}
                    </span>
                  </span>
                  {c.unread_count > 0 && (
                    <span className="count-badge" aria-label={`${c.unread_count} unread`}>
                      {c.unread_count}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
