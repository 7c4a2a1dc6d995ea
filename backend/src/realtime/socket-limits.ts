import { Logger } from '@nestjs/common';
import type { Socket } from 'socket.io';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { inputProblem, MSG } from '@gotnext/shared';

/**
 * What one socket may send (docs/realtime.md#limits). Each client event (room joins and the rest)
 * spends a point; past the budget an event is answered with an error ack and not processed, so a
 * flood costs neither queries nor log lines. A client that keeps going past its refusals is
 * disconnected. Payloads obey the same edge rules as HTTP input (inputProblem, libs/shared).
 */
export const SOCKET_LIMITS = {
  /** Client events per socket per second by default (SOCKET_EVENTS_PER_SECOND): a screen joins a handful of rooms. */
  eventsPerSecond: 20,
  /** Refused events per socket within 10 s before it is disconnected. */
  refusalsBeforeDisconnect: 50,
  /** Largest message a client may send (maxHttpBufferSize); ours are a room name and an ack. */
  maxMessageBytes: 64 * 1024,
} as const;

type Ack = (result: { ok: false; message: string }) => void;

export class SocketLimits {
  private readonly logger = new Logger('Realtime');
  private readonly events: RateLimiterMemory;
  private readonly refusals = new RateLimiterMemory({ points: SOCKET_LIMITS.refusalsBeforeDisconnect, duration: 10 });

  constructor(eventsPerSecond: number = SOCKET_LIMITS.eventsPerSecond) {
    this.events = new RateLimiterMemory({ points: eventsPerSecond, duration: 1 });
  }

  /** Puts the budget and the input rules in front of every event this socket sends. */
  guard(socket: Socket): void {
    socket.use((packet, next) => {
      const ack: Ack | undefined = typeof packet[packet.length - 1] === 'function' ? (packet[packet.length - 1] as Ack) : undefined;
      this.events.consume(socket.id).then(
        () => {
          const problem = inputProblem(packet.slice(1, ack ? -1 : undefined));
          if (!problem) return next();
          ack?.({ ok: false, message: problem });
        },
        () => this.refuse(socket, ack),
      );
    });
  }

  /** Drops a closed socket's budgets (called from its `disconnect`). */
  forget(socket: Socket): void {
    void this.events.delete(socket.id);
    void this.refusals.delete(socket.id);
  }

  private refuse(socket: Socket, ack: Ack | undefined): void {
    ack?.({ ok: false, message: MSG.tooManyRequests });
    this.refusals.consume(socket.id).catch(() => {
      if (!socket.connected) return;
      // One line per disconnected flooder, not one per event.
      this.logger.warn(`user ${socket.data.userId} disconnected: too many socket events`);
      socket.disconnect(true);
    });
  }
}

/** setTimeout takes at most 2^31−1 ms (~24.8 days); a longer token is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** Calls `expire` at `at` (ms since epoch); returns the function that cancels it. */
export function atTime(at: number, expire: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const left = at - Date.now();
    timer = left <= 0 ? setTimeout(expire, 0) : setTimeout(left > MAX_TIMER_MS ? arm : expire, Math.min(left, MAX_TIMER_MS));
    timer.unref(); // the socket keeps the process alive, not its expiry
  };
  arm();
  return () => clearTimeout(timer);
}
