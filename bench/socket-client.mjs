// A Socket.IO client for the benches that run thousands of deliveries a second on the same
// 2-core machine as the APIs: the same wire protocol as socket.io-client (Engine.IO 4 over the
// WebSocket transport, Socket.IO 5 packets, the default namespace), without its layers
// (engine.io-client's transports and upgrade, the Manager's reconnection and buffers, an emitter
// per layer). On the chat bench socket.io-client was about a third of this process's CPU, which
// the APIs, PostgreSQL and Redis then did not have (bench/README.md#how-the-benches-are-built).
//
// What it does: the handshake (`0{…}` open, then CONNECT `40{auth}` and its `40{sid}` answer),
// pongs to the server's pings (`2` → `3`), events in (`42[…]`, `42<id>[…]`) and out, with acks
// both ways (`43<id>[…]`). Text packets only: the APIs send no binary, so a packet is its type
// digits and JSON, read here in a few lines (socket.io-parser's decoder, an emitter per socket,
// was part of the third). What it refuses: a CONNECT_ERROR (`44{…}`), a DISCONNECT (`41`) or a
// closed socket before `connect` fails the connection; a DISCONNECT after it is a `disconnect` event.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');

const OPEN = '0';
const CLOSE = '1';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
// Socket.IO packet types, after Engine.IO's MESSAGE.
const CONNECT = '0';
const EVENT = '2';
const ACK = '3';
const DISCONNECT = '1';
const CONNECT_ERROR = '4';

export class BenchSocket {
  /**
   * Opens a socket on `url` (http://host:port) with `auth`; settles once the server accepted it,
   * or, with `readyOn`, once that event arrived (handlers set before it can then miss nothing).
   */
  static connect(url, auth, { readyOn = null, timeoutMs = 30000 } = {}) {
    const socket = new BenchSocket(url, auth);
    return new Promise((ok, fail) => {
      const timer = setTimeout(() => {
        socket.close();
        fail(new Error('socket connect timeout'));
      }, timeoutMs);
      const settle = (err) => {
        clearTimeout(timer);
        socket.onConnect = null;
        if (err) {
          socket.close();
          fail(err);
        } else ok(socket);
      };
      socket.onConnect = (err) => (err || !readyOn ? settle(err) : undefined);
      if (readyOn) socket.once(readyOn, () => settle());
    });
  }

  constructor(url, auth) {
    this.handlers = new Map();
    this.acks = new Map();
    this.nextAck = 0;
    this.auth = auth;
    /** Called when the server accepts the socket (no argument), or with an error when it refuses it or the socket ends first. */
    this.onConnect = null;
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
    this.ws.on('message', (data) => this.onPacket(data.toString()));
    this.ws.on('close', () => {
      this.onConnect?.(new Error('socket closed before it connected'));
      this.ended('closed');
      for (const ack of this.acks.values()) ack(undefined);
      this.acks.clear();
    });
    this.ws.on('error', (err) => this.onConnect?.(err));
  }

  onPacket(p) {
    switch (p[0]) {
      case OPEN:
        return this.ws.send(MESSAGE + CONNECT + JSON.stringify(this.auth));
      case PING:
        return this.ws.send(PONG);
      case CLOSE:
        return this.ws.close();
      case MESSAGE:
        return this.onSocketIo(p);
      default:
        return undefined;
    }
  }

  onSocketIo(p) {
    const type = p[1];
    if (type === CONNECT) return this.onConnect?.();
    if (type === CONNECT_ERROR) return this.onConnect?.(new Error(`connect refused: ${p.slice(2)}`));
    // The server ended the socket (`41`, no payload): fails a connection still waiting, and is an
    // event for whoever counts them.
    if (type === DISCONNECT) {
      this.onConnect?.(new Error('disconnected by the server'));
      return this.ended('server');
    }
    // `<id>[…]`: the ack id is the digits before the JSON array.
    let i = 2;
    while (p.charCodeAt(i) >= 48 && p.charCodeAt(i) <= 57) i += 1;
    const id = i > 2 ? Number(p.slice(2, i)) : undefined;
    const args = JSON.parse(p.slice(i));
    if (type === ACK) {
      const ack = this.acks.get(id);
      this.acks.delete(id);
      return ack?.(...args);
    }
    if (type !== EVENT) return undefined;
    const [event, ...rest] = args;
    if (id !== undefined) rest.push((...answer) => this.ws.send(`${MESSAGE}${ACK}${id}${JSON.stringify(answer)}`));
    this.handlers.get(event)?.forEach((fn) => fn(...rest));
    return undefined;
  }

  /** `disconnect` once, whether the server ended the socket or its connection closed. */
  ended(reason) {
    if (this.over) return;
    this.over = true;
    for (const ack of this.acks.values()) ack(undefined);
    this.acks.clear();
    this.handlers.get('disconnect')?.forEach((fn) => fn(reason));
  }

  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(fn);
    return this;
  }

  once(event, fn) {
    const wrapped = (...args) => {
      this.off(event, wrapped);
      fn(...args);
    };
    return this.on(event, wrapped);
  }

  off(event, fn) {
    const list = this.handlers.get(event);
    if (list)
      this.handlers.set(
        event,
        list.filter((h) => h !== fn),
      );
    return this;
  }

  /** Sends an event; a function as the last argument receives the server's ack. */
  emit(event, ...args) {
    const ack = typeof args[args.length - 1] === 'function' ? args.pop() : null;
    const id = ack ? this.nextAck++ : '';
    if (ack) this.acks.set(id, ack);
    this.ws.send(`${MESSAGE}${EVENT}${id}${JSON.stringify([event, ...args])}`);
  }

  emitWithAck(event, ...args) {
    return new Promise((ok) => this.emit(event, ...args, ok));
  }

  close() {
    this.ws.close();
  }
}
