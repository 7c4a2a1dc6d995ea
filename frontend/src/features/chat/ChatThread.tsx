import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChatMessageLike } from './chatPages';
import './chat.css';

export interface ThreadMessage extends ChatMessageLike {
  sender_id: number;
  message: string;
  timestamp: string;
}

interface Props<M extends ThreadMessage> {
  messages: M[];
  myId: number | null;
  label: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Who wrote it, for chats with several people (league chat); direct chats show none. */
  sender?: (m: M) => ReactNode;
  /** Under the messages: 'Seen', "typing…". */
  footer?: ReactNode;
  empty?: string;
}

/** "7:05 PM", or "Mar 1, 7:05 PM" on another day, in the browser's zone. */
function when(timestamp: string): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return '';
  const today = new Date().toDateString() === d.toDateString();
  return d.toLocaleString(undefined, today ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Within this many pixels of the end counts as "reading the newest", so new messages scroll into view. */
const NEAR_END_PX = 80;

/**
 * A chat's messages, oldest at the top (docs/social.md#chat-paging): it opens at the newest, loads
 * older pages when scrolled to the top (keeping the view where it was), and follows new messages
 * while the reader is at the end, or always after their own.
 */
export function ChatThread<M extends ThreadMessage>({ messages, myId, label, hasOlder, loadingOlder, onLoadOlder, sender, footer, empty }: Props<M>) {
  const box = useRef<HTMLOListElement>(null);
  const first = messages[0]?.id;
  const last = messages.at(-1);
  // What the list showed at the last layout; nothing yet, so the first messages scroll to the end.
  const before = useRef<{ first?: number; lastId?: number; height: number; nearEnd: boolean }>({ height: 0, nearEnd: true });

  // Older messages came in above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const prev = before.current;
    if (prev.first !== undefined && first !== undefined && first < prev.first) el.scrollTop += el.scrollHeight - prev.height;
    else if (last && last.id !== prev.lastId && (prev.nearEnd || last.sender_id === myId || prev.lastId === undefined)) el.scrollTop = el.scrollHeight;
    before.current = { first, lastId: last?.id, height: el.scrollHeight, nearEnd: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX };
  }, [first, last, myId]);

  // A footer appearing ('typing…', 'Seen') stays visible to a reader at the end.
  useEffect(() => {
    const el = box.current;
    if (el && before.current.nearEnd) el.scrollTop = el.scrollHeight;
  }, [footer]);

  function onScroll() {
    const el = box.current!;
    before.current = { ...before.current, height: el.scrollHeight, nearEnd: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX };
    if (el.scrollTop < 40 && hasOlder && !loadingOlder) onLoadOlder();
  }

  return (
    <div className="chat-thread">
      <ol className="chat-thread__list" ref={box} onScroll={onScroll} aria-label={label} aria-live="polite">
        {hasOlder && (
          <li className="chat-thread__older">
            <button type="button" className="link-button" onClick={onLoadOlder} disabled={loadingOlder}>
              {loadingOlder ? 'Loading...' : 'Load older messages'}
            </button>
          </li>
        )}
        {messages.length === 0 && empty && <li className="muted chat-thread__empty">{empty}</li>}
        {messages.map((m) => {
          const mine = m.sender_id === myId;
          return (
            <li key={m.id} className={`chat-message${mine ? ' chat-message--mine' : ''}`} data-testid="chat-message">
              {sender && <span className="chat-message__sender">{sender(m)}</span>}
              <p className="chat-message__text">{m.message}</p>
              <time className="chat-message__time" dateTime={m.timestamp}>
                {when(m.timestamp)}
              </time>
            </li>
          );
        })}
        {footer && <li className="chat-thread__footer">{footer}</li>}
      </ol>
    </div>
  );
}
