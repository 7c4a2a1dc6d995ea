import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '@gotnext/shared';
import { ApiError } from '../../api/errors';
import './chat.css';

export interface PendingMessage {
  key: number;
  text: string;
  state: 'waiting' | 'sending' | 'failed';
  error?: string;
}

/**
 * Messages written while the connection is lost (docs/social.md#offline): each waits in order and
 * goes out once the connection is back (also one whose Retry could not reach the server); one the
 * server refused stays with its reason and a Retry. A
 * message already on its way is never sent a second time by the reconnect.
 */
export function usePendingMessages(send: (text: string) => Promise<unknown>, lost: boolean) {
  const [items, setItems] = useState<PendingMessage[]>([]);
  const nextKey = useRef(1);
  const latest = useRef(items);
  latest.current = items;

  const sendRef = useRef(send);
  sendRef.current = send;
  // Claimed synchronously, so a Retry during the reconnect's run cannot send the same one twice.
  const inFlight = useRef(new Set<number>());

  const patch = (key: number, change: Partial<PendingMessage> | null) =>
    setItems((list) => (change ? list.map((m) => (m.key === key ? { ...m, ...change } : m)) : list.filter((m) => m.key !== key)));

  const sendOne = useCallback(async (item: PendingMessage) => {
    if (inFlight.current.has(item.key)) return;
    inFlight.current.add(item.key);
    patch(item.key, { state: 'sending', error: undefined });
    try {
      await sendRef.current(item.text);
      patch(item.key, null);
    } catch (err) {
      // The server could not be reached: it waits for the connection again rather than failing.
      if (err instanceof ApiError && err.status === 0) patch(item.key, { state: 'waiting' });
      else patch(item.key, { state: 'failed', error: err instanceof Error ? err.message : String(err) });
    } finally {
      inFlight.current.delete(item.key);
    }
  }, []);

  // Back online: the waiting ones go out one after another, in the order they were written.
  useEffect(() => {
    if (lost) return;
    const waiting = latest.current.filter((m) => m.state === 'waiting');
    if (!waiting.length) return;
    void (async () => {
      for (const m of waiting) await sendOne(m);
    })();
  }, [lost, sendOne]);

  return {
    items,
    queue: (text: string) => setItems((list) => [...list, { key: nextKey.current++, text, state: 'waiting' }]),
    retry: (key: number) => {
      const item = latest.current.find((m) => m.key === key);
      if (item) void sendOne(item);
    },
  };
}

/** The bubbles of the messages not sent yet, mine, at the end of the thread. */
export function PendingMessages({ items, onRetry }: { items: PendingMessage[]; onRetry: (key: number) => void }) {
  if (!items.length) return null;
  return (
    <ol className="chat-pending" aria-label="Not sent yet">
      {items.map((m) => (
        <li key={m.key} className="chat-message chat-message--mine chat-message--pending" data-testid="pending-message">
          <p className="chat-message__text">{m.text}</p>
          <p className="chat-message__time">
            {m.state === 'waiting' ? MSG.chatWaitingOffline : m.state === 'sending' ? MSG.chatSending : MSG.chatNotSent(m.error ?? MSG.sendFailed)}
          </p>
          {m.state !== 'sending' && (
            <button type="button" className="link-button chat-message__retry" onClick={() => onRetry(m.key)}>
              Retry
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
