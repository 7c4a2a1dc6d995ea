import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import type { MatchChangedEvent } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, createMatch, join, player, Player, start } from './support/matches';

function connect(url: string, p: Player): Promise<Socket> {
  const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token: p.token }, forceNew: true, reconnection: false });
  return new Promise((ok, fail) => {
    s.once('session:ready', () => ok(s));
    s.once('connect_error', fail);
  });
}

const joinRoom = (s: Socket, room: string) => new Promise<{ ok: boolean }>((ok) => s.emit('room:join', room, ok));

describe('match lobby live over match:{id} across two API instances', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    one = (await env.startApi()).url;
    two = (await env.startApi()).url;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await env.close();
  });

  it('lets only players join the room, and pushes joins, team changes and the start to players on either instance', async () => {
    const creator = await player(env, one);
    const m = await createMatch(one, creator, '2v2');
    const stranger = await player(env, one);
    const creatorSocket = await connect(two, creator);
    const strangerSocket = await connect(one, stranger);
    sockets.push(creatorSocket, strangerSocket);
    expect(await joinRoom(creatorSocket, `match:${m.match_id}`)).toEqual({ ok: true });
    expect(await joinRoom(strangerSocket, `match:${m.match_id}`)).toMatchObject({ ok: false });

    const seen: MatchChangedEvent[] = [];
    creatorSocket.on('match:changed', (e: MatchChangedEvent) => seen.push(e));
    let leaked = false;
    strangerSocket.on('match:changed', () => (leaked = true));
    const next = (status: string) =>
      new Promise<MatchChangedEvent>((ok) => {
        const check = (e: MatchChangedEvent) => e.status === status && (creatorSocket.off('match:changed', check), ok(e));
        creatorSocket.on('match:changed', check);
      });

    const players = [await player(env, one), await player(env, one), await player(env, one)];
    let waiting = next('waiting');
    await join(one, players[0], '2v2', m.match_code).expect(200);
    expect(await waiting).toMatchObject({ match_id: m.match_id, status: 'waiting' });

    // A team change is pushed too (the lobby refetches on every event).
    waiting = next('waiting');
    await request(one).post('/api/join-team').set(auth(players[0])).send({ match_id: m.match_id }).expect(200);
    await waiting;

    await join(one, players[1], '2v2', m.match_code).expect(200);
    const ready = next('ready');
    await join(two, players[2], '2v2', m.match_code).expect(200);
    await ready;

    // A player whose socket is on instance one sees the start made through instance two.
    const p0Socket = await connect(one, players[0]);
    sockets.push(p0Socket);
    expect(await joinRoom(p0Socket, `match:${m.match_id}`)).toEqual({ ok: true });
    const startedForP0 = new Promise<MatchChangedEvent>((ok) => p0Socket.on('match:changed', (e: MatchChangedEvent) => e.status === 'in-progress' && ok(e)));
    const started = next('in-progress');
    const before = Date.now();
    await start(two, creator, m.match_id).expect(200);
    const [e1, e2] = await Promise.all([started, startedForP0]);
    expect(e1.at).toBeGreaterThanOrEqual(before - 5);
    expect(e2.match_id).toBe(m.match_id);
    await new Promise((r) => setTimeout(r, 150));
    expect(leaked).toBe(false);
    expect(seen.length).toBeGreaterThanOrEqual(5);
  });
});
