import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { MSG, ROUTES, type InviteeVerifyingEvent, type InvitePreviewResponse, type RoomJoinResult } from '@gotnext/shared';
import { INVITE_MISSES_PER_ADDRESS } from '../src/throttle/request-limits';
import { clearThrottles, createTestEnv, type TestEnv } from './support/harness';
import { createMatch, join, player, type Player } from './support/matches';
import { connectSocket, nextEvent, socketReady, socketTracker } from './support/sockets';

const preview = (url: string, code: string) => request(url).get(ROUTES.invitePreview.path).query({ match_code: code });
const signal = (s: Socket, code: string) => new Promise<RoomJoinResult>((ok) => s.emit('invite:verifying', code, ok));
const joinRoom = (s: Socket, room: string) => new Promise<RoomJoinResult>((ok) => s.emit('room:join', room, ok));

/** The invite link for a newcomer (docs/matches.md#invite-preview): what it reveals, and the lobby's "verifying" line. */
describe('invite preview and the verifying signal', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const sockets = socketTracker();

  beforeAll(async () => {
    env = await createTestEnv();
    one = (await env.startApi()).url;
    two = (await env.startApi()).url;
  });
  afterAll(async () => {
    sockets.closeAll();
    await env.close();
  });

  async function open(url: string, p: Player): Promise<Socket> {
    const s = sockets.track(connectSocket(url, p.token));
    await socketReady(s);
    return s;
  }

  it("shows anyone with the code only the invite's own facts, never a hidden rating; a wrong code is a plain 404", async () => {
    const creator = await player(env, one);
    // A rating the creator hides from others (docs/identity-rules.md): the preview must not carry it.
    await env.sql(`INSERT INTO ratings (pool, user_id, rating, games) VALUES ('overall', $1, 1733.25, 20)`, [creator.userId]);
    await env.sql(`UPDATE users SET preferences = preferences || '{"displayRating": false}'::jsonb WHERE id = $1`, [creator.userId]);
    const m = await createMatch(one, creator, '1v1', { ranked: true, scoringType: '1s & 2s to 5' });

    const res = await preview(one, m.match_code.toLowerCase()).expect(200);
    expect(res.body).toEqual<InvitePreviewResponse>({
      creator: creator.username,
      match_type: '1v1',
      ranked: true,
      scoring_type: '1s & 2s to 5',
      target_score: 5,
      open: true,
      league: false,
    });
    expect(res.text).not.toMatch(/4\.933|1733|rating|match_id|"id"/);
    expect(MSG.invitePreview(res.body.creator, res.body.match_type, res.body.ranked, res.body.target_score)).toBe(`${creator.username} invites you to a ranked 1v1, game to 5`);

    // Full: still shown, no longer open.
    const joiner = await player(env, one);
    await join(one, joiner, '1v1', m.match_code).expect(200);
    expect((await preview(two, m.match_code).expect(200)).body).toMatchObject({ open: false });

    for (const wrong of ['ZZZZZZ', 'nope', '']) expect((await preview(one, wrong).expect(404)).body).toEqual({ message: MSG.inviteLinkNotFound });
  });

  it('counts only wrong codes per address: past the limit even a right one waits (429)', async () => {
    await clearThrottles(env); // the wrong codes of the test before
    const creator = await player(env, one);
    const m = await createMatch(one, creator, '1v1', { ranked: false });
    // Right codes are taken back: looking one up many times never reaches the limit.
    for (let i = 0; i < INVITE_MISSES_PER_ADDRESS + 2; i += 1) await preview(one, m.match_code).expect(200);
    let misses = 0;
    for (let i = 0; i < INVITE_MISSES_PER_ADDRESS; i += 1) if ((await preview(one, `ZZZZ${'ABCDEFGHJK'[i % 10]}${'23456789'[i % 8]}`)).status === 404) misses += 1;
    expect(misses).toBe(INVITE_MISSES_PER_ADDRESS);
    const refused = await preview(two, m.match_code).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body.message).toMatch(/^Too many requests/);
  });

  it("tells the creator's lobby, on any instance, that an invite holder is verifying; nobody else can send it", async () => {
    const creator = await player(env, one);
    const m = await createMatch(one, creator, '1v1', { ranked: true, scoringType: '1s & 2s to 11' });
    const newcomer = await player(env, one, false);
    const verifiedStranger = await player(env, one);
    const creatorSocket = await open(two, creator);
    expect(await joinRoom(creatorSocket, `match:${m.match_id}`)).toEqual({ ok: true });
    const pushed: InviteeVerifyingEvent[] = [];
    creatorSocket.on('match:verifying', (e: InviteeVerifyingEvent) => pushed.push(e));

    const newcomerSocket = await open(one, newcomer);
    // No code, a wrong code, or a verified player (nothing to verify): refused, nothing pushed.
    expect(await signal(newcomerSocket, 'ZZZZZZ')).toEqual({ ok: false, message: MSG.inviteLinkNotFound });
    expect(await signal(await open(one, verifiedStranger), m.match_code)).toEqual({ ok: false, message: MSG.inviteLinkNotFound });
    expect(await signal(await open(one, creator), m.match_code)).toEqual({ ok: false, message: MSG.inviteLinkNotFound });
    // The newcomer cannot listen in on the lobby either.
    expect(await joinRoom(newcomerSocket, `match:${m.match_id}`)).toMatchObject({ ok: false });

    const arrived = nextEvent<InviteeVerifyingEvent>(creatorSocket, 'match:verifying');
    expect(await signal(newcomerSocket, m.match_code.toLowerCase())).toEqual({ ok: true });
    expect(await arrived).toEqual({ match_id: m.match_id, user_id: newcomer.userId, username: newcomer.username });
    expect(pushed).toHaveLength(1);
    expect(MSG.inviteeVerifying(newcomer.username)).toBe(`${newcomer.username} is verifying their ID`);

    // Once the match takes no more players, the code no longer lets anyone signal.
    const other = await player(env, one);
    await join(one, other, '1v1', m.match_code).expect(200);
    const late = await open(two, newcomer);
    expect(await signal(late, m.match_code)).toEqual({ ok: false, message: MSG.inviteLinkNotFound });
    expect(pushed).toHaveLength(1);
  });
});
