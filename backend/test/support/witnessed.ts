import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import { SPECTATOR_SOCKET_AUTH, type NewScoreEvent, type ScoreTapAck, type TeamSide } from '@gotnext/shared';
import { auth, type Player } from './matches';

/** One scorer's phone: its own counter, its taps as the scoreboard makes them (docs/matches.md#witnessed-score). */
export class Phone {
  private seq = 0;
  readonly taps: NewScoreEvent[] = [];

  tap(team: TeamSide, points: number, clientTime = new Date().toISOString()): NewScoreEvent {
    const e: NewScoreEvent = { kind: 'tap', team, points, clientEventId: randomUUID(), deviceSeq: ++this.seq, clientTime, undoes: null };
    this.taps.push(e);
    return e;
  }

  /** Takes back this phone's last tap that is not undone yet. */
  undoLast(): NewScoreEvent {
    const undone = new Set(this.taps.filter((e) => e.kind === 'undo').map((e) => e.undoes));
    const last = [...this.taps].reverse().find((e) => e.kind === 'tap' && !undone.has(e.clientEventId))!;
    const e: NewScoreEvent = { kind: 'undo', team: last.team, points: 0, clientEventId: randomUUID(), deviceSeq: ++this.seq, clientTime: new Date().toISOString(), undoes: last.clientEventId };
    this.taps.push(e);
    return e;
  }

  /** 'A2 B1 A1': taps from text. */
  play(text: string): NewScoreEvent[] {
    return text.split(' ').map((t) => this.tap(t[0] as TeamSide, Number(t.slice(1))));
  }
}

export const postEvents = (url: string, p: Player, matchId: number, events: unknown[]) =>
  request(url).post(`/api/matches/${matchId}/score-events`).set(auth(p)).send({ events });
export const scoreboard = (url: string, p: Player, matchId: number) => request(url).get(`/api/matches/${matchId}/scoreboard`).set(auth(p));

export function playerSocket(url: string, p: Player): Promise<Socket> {
  const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token: p.token }, forceNew: true, reconnection: false });
  return new Promise((ok, fail) => {
    s.once('session:ready', () => ok(s));
    s.once('connect_error', fail);
  });
}

/** A socket without a login, as the spectator link opens it. */
export function spectatorSocket(url: string): Promise<Socket> {
  const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { ...SPECTATOR_SOCKET_AUTH }, forceNew: true, reconnection: false });
  return new Promise((ok, fail) => {
    s.once('connect', () => ok(s));
    s.once('connect_error', fail);
  });
}

export const joinRoom = (s: Socket, room: string) => new Promise<{ ok: boolean; message?: string }>((ok) => s.emit('room:join', room, ok));
export const watch = (s: Socket, token: string) => new Promise<{ ok: boolean; message?: string }>((ok) => s.emit('scoreboard:watch', token, ok));
/** A tap's ack; a socket that never answers fails the test with the event's name instead of hanging. */
export const sendTap = (s: Socket, matchId: number, e: NewScoreEvent) =>
  new Promise<ScoreTapAck>((ok, fail) => s.timeout(20_000).emit('score:tap', { ...e, matchId }, (err: Error | null, ack: ScoreTapAck) => (err ? fail(new Error(`no ack of score:tap ${e.deviceSeq}`)) : ok(ack))));

/** Collects every payload of `event` on `s` from now on. */
export function collect<T>(s: Socket, event: string): T[] {
  const seen: T[] = [];
  s.on(event, (p: T) => seen.push(p));
  return seen;
}
