import { MSG, type League } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Feedback';
import { ChatComposer } from '../chat/ChatComposer';
import { ChatThread } from '../chat/ChatThread';
import { useLeagueChat, useSendLeagueChat } from './leagueQueries';

/**
 * League Chat (docs/product.md#league-page), for members: the shared thread and composer
 * (features/chat), each message with the sender's picture and name ('You' for one's own), live
 * through `league:{id}` and polled while the socket is down.
 */
export function LeagueChat({ league, me }: { league: League; me: number | null }) {
  const member = league.viewer.is_member;
  return (
    <section className="card panel" aria-labelledby="league-chat-heading">
      <h2 id="league-chat-heading">League Chat</h2>
      {member ? <MembersChat leagueId={league.league_id} name={league.name} me={me} /> : <p className="muted">{MSG.leagueChatMembersOnly}</p>}
    </section>
  );
}

function MembersChat({ leagueId, name, me }: { leagueId: number; name: string; me: number | null }) {
  const chat = useLeagueChat(leagueId, true);
  const send = useSendLeagueChat(leagueId);
  if (chat.error && !chat.loaded) return <ErrorMessage>{errorText(chat.error, MSG.chatLoadFailed)}</ErrorMessage>;
  if (!chat.loaded) return <p className="muted">{MSG.leagueLoading}</p>;
  return (
    <div className="league-chat">
      <ChatThread
        messages={chat.messages}
        myId={me}
        label={`${name} chat`}
        hasOlder={chat.hasOlder}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={chat.loadOlder}
        empty={MSG.leagueChatEmpty}
        sender={(m) => (
          <span className="league-chat__sender">
            <Avatar picture={m.profile_picture} version={m.profile_picture_version} alt="" size={20} />
            {m.sender_id === me ? 'You' : m.username}
          </span>
        )}
      />
      <ChatComposer label={`Message ${name}`} placeholder={MSG.leagueChatPlaceholder} onSend={(text) => send.mutateAsync(text)} />
    </div>
  );
}
