import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { writeOncePerTurn } from './socket-writes';

/** A real Socket.IO server on a free port, with the one-write-per-turn flush, and one client. */
async function serverAndClient(
  onConnection: (socket: Socket) => void = () => undefined,
  transport: 'websocket' | 'polling' = 'websocket',
): Promise<{ http: HttpServer; server: Server; client: ClientSocket }> {
  const http = createServer();
  const server = new Server(http, { transports: ['websocket', 'polling'] });
  writeOncePerTurn(server);
  server.on('connection', onConnection);
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  const { port } = http.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: [transport], forceNew: true, reconnection: false });
  await new Promise<void>((ok, fail) => {
    client.once('connect', () => ok());
    client.once('connect_error', fail);
  });
  return { http, server, client };
}

describe('one write per socket per turn', () => {
  let ctx: Awaited<ReturnType<typeof serverAndClient>>;
  afterEach(async () => {
    ctx.client.close();
    await new Promise((ok) => {
      void ctx.server.close(ok);
    });
  });

  it('a push and the ack of the same turn leave in one flush, in their order, and both arrive', async () => {
    const flushes: string[][] = [];
    ctx = await serverAndClient((socket) => {
      socket.conn.on('flush', (packets: { data?: unknown }[]) => flushes.push(packets.map((p) => String(p.data))));
      socket.on('send', (body: string, ack: (r: unknown) => void) => {
        // As a chat send: the sender's own copy, then (after some promise callbacks) the ack.
        socket.emit('message:new', body);
        void Promise.resolve()
          .then(() => Promise.resolve())
          .then(() => ack({ ok: true, body }));
      });
    });
    const received: string[] = [];
    ctx.client.on('message:new', (body: string) => received.push(`new ${body}`));
    const ack = await ctx.client.timeout(5000).emitWithAck('send', 'hello');
    received.push(`ack ${ack.body}`);

    expect(received).toEqual(['new hello', 'ack hello']);
    const withHello = flushes.filter((f) => f.some((d) => d.includes('hello')));
    expect(withHello).toHaveLength(1);
    expect(withHello[0]).toHaveLength(2);
    expect(withHello[0][0]).toContain('message:new');
    expect(withHello[0][1]).toContain('"ok":true');
  });

  it('pushes of different turns are not held back for one another', async () => {
    ctx = await serverAndClient();
    const received: number[] = [];
    ctx.client.on('n', (n: number) => received.push(n));
    const [socket] = await ctx.server.fetchSockets();
    socket.emit('n', 1);
    await new Promise((r) => setImmediate(r));
    socket.emit('n', 2);
    socket.emit('n', 3);
    for (let waited = 0; received.length < 3 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(received).toEqual([1, 2, 3]);
  });

  it('a long-polling socket (no TCP socket of its own to cork) still gets its pushes and acks in order', async () => {
    ctx = await serverAndClient((socket) => {
      socket.on('send', (body: string, ack: (r: unknown) => void) => {
        socket.emit('message:new', body);
        ack({ ok: true, body });
      });
    }, 'polling');
    const received: string[] = [];
    ctx.client.on('message:new', (body: string) => received.push(`new ${body}`));
    for (const body of ['a', 'b']) received.push(`ack ${(await ctx.client.timeout(5000).emitWithAck('send', body)).body}`);
    expect(received).toEqual(['new a', 'ack a', 'new b', 'ack b']);
  });
});
