import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH, TYPING_SEND_INTERVAL_MS, chatLength, chatMessageProblem } from '@gotnext/shared';
import { ErrorMessage } from '../../components/Feedback';
import { useConnectionLost } from '../../realtime';
import { PendingMessages, usePendingMessages } from './PendingMessages';

interface Props {
  /** Sends the text; rejects with the message to show when the server refuses. */
  onSend: (text: string) => Promise<unknown>;
  /** Why nobody can write here now (the spec's words); the input and Send are disabled. */
  disabledReason?: string | null;
  /** Called while the player types, at most every TYPING_SEND_INTERVAL_MS. */
  onTyping?: () => void;
  label?: string;
  /** What the empty box says (league chat: 'Type your message...'). */
  placeholder?: string;
}

/** Show the count once this close to the limit. */
const COUNT_FROM = CHAT_MESSAGE_MAX_LENGTH - 100;

/**
 * The message box of every chat (docs/social.md#messages): blank messages are not sent, a message
 * over the limit says so before sending (in the server's words), Send waits for the answer and
 * the text stays in the box if sending failed. While the connection is lost a message waits in a
 * pending bubble and goes out by itself once it is back (docs/social.md#offline).
 */
export function ChatComposer({ onSend, disabledReason, onTyping, label = 'Message', placeholder = 'Type a message' }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const disabled = !!disabledReason;
  const problem = text.trim() === '' ? null : chatMessageProblem(text);
  const length = chatLength(text.trim());
  const lost = useConnectionLost();
  const pending = usePendingMessages(onSend, lost);

  // An error from before the outage is not news once the connection is back.
  useEffect(() => {
    if (!lost) setError(null);
  }, [lost]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (disabled || sending || text.trim() === '' || problem) return;
    if (lost) {
      pending.queue(text.trim());
      setText('');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend(text.trim());
      setText('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  }

  function change(value: string) {
    setText(value);
    const now = Date.now();
    if (onTyping && value.trim() && now - lastTyping.current >= TYPING_SEND_INTERVAL_MS) {
      lastTyping.current = now;
      onTyping();
    }
  }

  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)} noValidate>
      <PendingMessages items={pending.items} onRetry={pending.retry} />
      {disabledReason && (
        <p className="chat-composer__notice" role="note">
          {disabledReason}
        </p>
      )}
      <div className="chat-composer__row">
        <label className="visually-hidden" htmlFor="chat-input">
          {label}
        </label>
        <textarea
          id="chat-input"
          rows={1}
          value={text}
          disabled={disabled}
          placeholder={disabled ? '' : placeholder}
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line (as in every chat app).
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void submit(e);
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={disabled || sending || text.trim() === '' || !!problem}>
          Send
        </button>
      </div>
      {length >= COUNT_FROM && !problem && <p className="chat-composer__count muted">{`${length}/${CHAT_MESSAGE_MAX_LENGTH}`}</p>}
      <ErrorMessage>{problem ?? error}</ErrorMessage>
    </form>
  );
}
