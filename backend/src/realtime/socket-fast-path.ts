import { Injectable, Logger } from '@nestjs/common';
import type { Socket } from 'socket.io';
import { messageOf } from '../common/http-exception.filter';

/** A socket event's handler on the fast path: the socket (its user in `socket.data`) and the payload; the result is the ack. */
export type FastSocketHandler = (socket: Socket, payload: unknown) => Promise<unknown>;

/**
 * The ack of a socket handler that failed (docs/realtime.md#limits): `{ ok: false, message }`, the
 * message of a 4xx as written, any other failure logged and answered with the generic text.
 * WsAckExceptionFilter answers Nest's handlers with it, SocketFastPath its own.
 */
export function failedAck(err: unknown, event: string, logger: Logger): { ok: false; message: string } {
  const { status, message } = messageOf(err);
  if (status >= 500) logger.error(`socket ${event} failed: ${(err as Error)?.stack ?? err}`);
  return { ok: false, message };
}

/**
 * The hot socket events taken past Nest's per-call pipeline (docs/realtime.md#the-chat-fast-path):
 * the chat sends, whose gateways register here; RedisIoAdapter calls the handler with the socket
 * and payload straight from its one shared listener, then acks its result, or `failedAck` when it
 * fails, as the gateway's WsAckExceptionFilter would. Nest's wrapping (context, guards, pipes,
 * interceptors, filters, an rxjs chain per call) has nothing to do for these events, which have no
 * guard, no interceptor and an `unknown` body, yet cost a few % of an API's CPU per message. One
 * registry per application, so two apps in one process (the integration tests) never share it.
 */
@Injectable()
export class SocketFastPath {
  private readonly handlers = new Map<string, FastSocketHandler>();
  private readonly logger = new Logger('Realtime');

  handle(event: string, handler: FastSocketHandler): void {
    if (this.handlers.has(event)) throw new Error(`Two fast handlers for the socket event "${event}".`);
    this.handlers.set(event, handler);
  }

  has(event: string): boolean {
    return this.handlers.has(event);
  }

  /** Runs `event`'s handler and acks what it answers (an ack the client did not ask for is skipped). */
  run(event: string, socket: Socket, payload: unknown, ack: unknown): void {
    const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => undefined;
    let result: Promise<unknown>;
    try {
      result = this.handlers.get(event)!(socket, payload);
    } catch (err) {
      return reply(failedAck(err, event, this.logger));
    }
    result.then(
      (r) => {
        if (r !== null && r !== undefined) reply(r);
      },
      (err) => reply(failedAck(err, event, this.logger)),
    );
  }
}
