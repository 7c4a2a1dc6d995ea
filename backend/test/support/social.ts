import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { connectSocket, socketReady } from './sockets';
import type { DirectMessage } from '@gotnext/shared';
import { auth, type Player } from './matches';
import { useTestApp, type TestEnv } from './harness';
import { recentLogs } from './recent-logs';

/** Makes two players friends through the calls a player would make (request, accept). */
export async function befriend(url: string, a: Player, b: Player): Promise<void> {
  await request(url).post('/api/friends/request').set(auth(a)).send({ userId: b.userId }).expect(200);
  const list = await request(url).get('/api/friends').set(auth(b)).expect(200);
  const req = (list.body.friendRequests as { id: number; sender_id: number }[]).find((r) => r.sender_id === a.userId)!;
  await request(url).post('/api/friends/accept').set(auth(b)).send({ requestId: req.id }).expect(200);
}

export function send(url: string, from: Player, to: Player | number, content: string) {
  return request(url)
    .post('/api/send-message')
    .set(auth(from))
    .send({ recipient_id: typeof to === 'number' ? to : to.userId, content });
}

export function block(url: string, blocker: Player, blocked: Player) {
  return request(url).post('/api/block-user').set(auth(blocker)).send({ username: blocked.username }).expect(200);
}

export function unblock(url: string, blocker: Player, blocked: Player) {
  return request(url).post('/api/unblock-user').set(auth(blocker)).send({ userId: blocked.userId }).expect(200);
}

/** Every `event` a socket receives from now on, in order. */
export function collect<T>(s: Socket, event: string): T[] {
  const seen: T[] = [];
  s.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Resolves once `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${timeoutMs} ms: ${what}${recentLogs.tail(timeoutMs + 5000)}`);
}

/** Message texts of pushed messages, for comparing. */
export const texts = (ms: DirectMessage[]) => ms.map((m) => m.message);

/** The sockets a test file opens (each authenticated and ready), all closed by `closeAll` before the environment goes. */
export function socketPool() {
  const sockets: Socket[] = [];
  return {
    async open(url: string, p: Player): Promise<Socket> {
      const s = connectSocket(url, p.token);
      sockets.push(s);
      await socketReady(s);
      return s;
    },
    closeAll: () => sockets.forEach((s) => s.close()),
  };
}

/**
 * The setup of the files that test fan-out: two API instances on one database and Redis, and a
 * socket pool closed before the environment goes. `started` receives the environment and both
 * instances' URLs; the answer opens sockets.
 */
export function useTwoInstances(started: (app: { env: TestEnv; one: string; two: string }) => void) {
  const { open, closeAll } = socketPool();
  useTestApp({ apis: 2, beforeClose: closeAll }, ({ env, apis }) => started({ env, one: apis[0].url, two: apis[1].url }));
  return open;
}
