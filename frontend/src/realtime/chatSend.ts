import type { ChatSendResult, ClientToServerEvents } from '@gotnext/shared';
import { ApiError } from '../api/errors';
import { getSocket, useSocketStatusStore } from './socket';

/** How long a message sent over the socket waits for its ack before the send counts as failed. */
export const CHAT_ACK_TIMEOUT_MS = 10_000;

type ChatEvent = 'message:send' | 'league-chat:send';
type BodyOf<E extends ChatEvent> = Parameters<ClientToServerEvents[E]>[0];

/**
 * Sends a chat message over the socket when it is connected (the server said session:ready), and
 * over REST otherwise (docs/social.md#sending-over-the-socket): a socket send costs the server no
 * HTTP request and no token check. The server applies the same rules to both and acks after the
 * row committed; a refusal becomes the same ApiError the REST call would throw. A missing ack is
 * a failure, never a second send over REST: the message may already be stored.
 */
export async function sendChat<E extends ChatEvent, M>(event: E, body: BodyOf<E>, overRest: () => Promise<{ chat_message: M }>, fallback: string): Promise<{ chat_message: M }> {
  const socket = getSocket();
  if (!socket || !useSocketStatusStore.getState().connected) return overRest();
  let ack: ChatSendResult<M>;
  try {
    ack = await (socket.timeout(CHAT_ACK_TIMEOUT_MS).emitWithAck as (ev: E, b: BodyOf<E>) => Promise<ChatSendResult<M>>)(event, body);
  } catch {
    throw new ApiError(fallback, 0);
  }
  if (!ack?.ok) throw new ApiError(ack?.message ?? fallback, 400, ack?.message);
  return { chat_message: ack.chat_message };
}
