import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { errorText, isUnreachable } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { getSocket, useConnectionLost } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { ChatComposer } from '../chat/ChatComposer';
import { ChatThread } from '../chat/ChatThread';
import { OnlineDot } from './OnlineDot';
import { useWatchPresence } from './presenceWatch';
import { useDirectChat, useMarkChatRead, useSendMessage, useUserDetails } from './socialQueries';
import { useIsTyping } from './typingStore';
import { useDocumentVisible } from './useDocumentVisible';
import './social.css';
import { SkeletonLines } from '../../components/Skeleton';

/** /chat/{userId} (docs/product.md#messages-and-chat). */
export function ChatPage() {
  const { userId } = useParams();
  const id = /^[1-9]\d*$/.test(userId ?? '') ? Number(userId) : null;
  usePageTitle('Chat');
  const token = useAuthStore((s) => s.token);
  if (!token) return <LoginRequired title="Chat" message={MSG.chatLogin} />;
  if (id === null)
    return (
      <section className="page card">
        <h1>Chat</h1>
        <ErrorMessage>{MSG.chatLoadFailed}</ErrorMessage>
      </section>
    );
  return <Chat key={id} partnerId={id} />;
}

/**
 * The chat with one player: live both ways, older pages on scroll up, 'Seen' under my last
 * message once read, "typing…", the online dot, and the composer closed with the spec's words when
 * the server would refuse (allowMessages, a block).
 */
function Chat({ partnerId }: { partnerId: number }) {
  const me = useAuthStore((s) => s.userId);
  const { data: partner, error: detailsError } = useUserDetails(partnerId);
  const chat = useDirectChat(partnerId);
  const send = useSendMessage(partnerId);
  const typing = useIsTyping(partnerId);
  const lost = useConnectionLost();
  useWatchPresence([partnerId]);
  useMarkReadWhileShown(partnerId, chat.messages.filter((m) => m.sender_id === partnerId && !m.read).at(-1)?.id);

  // A poll that fails while the phone is offline keeps what was read: replacing the chat with the
  // error would unmount the composer and drop the messages waiting in it (docs/social.md#offline).
  const error = detailsError ?? chat.error;
  if (error && !(isUnreachable(error) && partner && chat.loaded))
    return (
      <section className="page card">
        <h1>Chat</h1>
        <ErrorMessage>{errorText(error, MSG.chatLoadFailed)}</ErrorMessage>
      </section>
    );
  if (!partner || !chat.loaded)
    return (
      <section className="page card">
        <h1>Chat</h1>
        <SkeletonLines count={3} />
      </section>
    );

  const lastMine = chat.messages.filter((m) => m.sender_id === me).at(-1);
  const seen = lastMine && lastMine.read && chat.messages.at(-1)?.id === lastMine.id;
  return (
    <section className="page card chat-page">
      <header className="chat-page__head">
        <span className="avatar-wrap">
          <Avatar picture={partner.profile_picture} version={partner.profile_picture_version} alt="" size={44} />
          <OnlineDot online={partner.online} name={partner.username} />
        </span>
        <div>
          <h1>
            <Link to={`/profile/${partner.user_id}`}>{partner.username}</Link>
          </h1>
          <p className="muted chat-page__status">{lost ? '' : typing ? 'typing…' : partner.online ? 'Online' : ''}</p>
        </div>
      </header>
      <ChatThread
        messages={chat.messages}
        myId={me}
        label={`Chat with ${partner.username}`}
        hasOlder={chat.hasOlder}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={chat.loadOlder}
        empty="No messages yet. Say hello!"
        footer={seen ? 'Seen' : null}
      />
      <ChatComposer
        label={`Message ${partner.username}`}
        disabledReason={partner.can_message ? null : partner.message_refusal}
        onSend={(text) => send.mutateAsync(text)}
        onTyping={() => getSocket()?.emit('chat:typing', partnerId)}
      />
    </section>
  );
}

/** Reading the chat marks it read, while the tab is shown: once per newest unread message. */
function useMarkReadWhileShown(partnerId: number, newestUnread: number | undefined) {
  const visible = useDocumentVisible();
  const markRead = useMarkChatRead(partnerId);
  const marked = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!visible || newestUnread === undefined || marked.current === newestUnread) return;
    marked.current = newestUnread;
    markRead.mutate();
  }, [visible, newestUnread, markRead]);
}
