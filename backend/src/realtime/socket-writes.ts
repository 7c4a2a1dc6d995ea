import type { Server } from 'socket.io';

/** What this file touches of an engine.io socket: its flush, and the TCP socket under a WebSocket transport. */
interface EngineSocket {
  flush(): void;
  transport?: { socket?: { _socket?: { cork(): void; uncork(): void } } };
}

let engineFlush: ((this: EngineSocket) => void) | undefined;
let pending = new Set<EngineSocket>();
let scheduled = false;

/** Flushes every socket written to in this turn, each with its packets in one TCP write. */
function flushPending(): void {
  const sockets = pending;
  pending = new Set();
  scheduled = false;
  for (const socket of sockets) {
    // `ws` writes each frame as its own write (a header and a payload, corked): corked here, a
    // flush's frames leave in one writev. Only a WebSocket transport has a TCP socket to cork.
    const tcp = socket.transport?.socket?._socket;
    tcp?.cork();
    engineFlush!.call(socket);
    tcp?.uncork();
  }
}

/** Replaces engine.io's flush: the socket is flushed once, after the current turn's work. */
function flushAfterTurn(this: EngineSocket): void {
  pending.add(this);
  if (scheduled) return;
  scheduled = true;
  setImmediate(flushPending);
}

/**
 * One TCP write per socket per turn of the event loop (docs/realtime.md#one-write-per-socket-per-turn).
 * engine.io flushes a socket on every packet, and `ws` writes every frame on its own, so a chat
 * send cost its sender two writes (its own copy of the message, then the ack) and a socket that
 * gets several pushes in one turn one write each. A write to a TCP socket is a system call, and on
 * one machine the kernel does the receiving side's work inside it too: profiled on the chat bench,
 * these writes were the largest share of an API's busy time. Here a socket's flush waits for
 * the end of the current turn (setImmediate, as node-redis gathers its commands: after the I/O
 * callbacks of this turn and their promise callbacks, so everything the PostgreSQL and Redis
 * answers read in this turn settle goes out together; process.nextTick would run before the
 * promise callbacks of a callback that pushed synchronously), then its packets leave, in their
 * order, in one write. Nothing waits for a timer or a later turn, and the order of packets on a
 * socket is engine.io's own.
 */
export function writeOncePerTurn(server: Server): void {
  server.engine.on('connection', (socket: EngineSocket) => {
    engineFlush ??= Object.getPrototypeOf(socket).flush as (this: EngineSocket) => void;
    // The same function for every socket: no closure per socket (docs/realtime.md#memory-per-socket).
    socket.flush = flushAfterTurn;
  });
}
