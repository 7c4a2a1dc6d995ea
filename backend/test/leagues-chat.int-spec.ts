import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE, MSG, rooms, type LeagueChatMessage, type LeagueChatResponse } from '@gotnext/shared';
import { LeagueMessageBatcher } from '../src/leagues/league-message-batcher';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { PLAYER_PASSWORD } from './support/players';
import { collect, eventually, send, useTwoInstances } from './support/social';
import { chatTexts, createLeague, invite, joinLeague, leagueChat, leaveLeague, sendLeagueChat } from './support/leagues';

/** League chat in `league:{id}` across two API instances (docs/leagues.md#chat, docs/realtime.md#rooms). */
describe('league chat and its room', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const open = useTwoInstances((app) => ({ env, one, two } = app));

  const joinRoom = (s: Socket, leagueId: number) => new Promise<{ ok: boolean; message?: string }>((ok) => s.emit('room:join', rooms.league(leagueId), ok));
  /** A socket of `p` on `url`, in the league's room. */
  async function listening(url: string, p: Player, leagueId: number): Promise<Socket> {
    const s = await open(url, p);
    expect(await joinRoom(s, leagueId)).toEqual({ ok: true });
    return s;
  }
  const page = async (url: string, p: Player, id: number, before?: number): Promise<LeagueChatResponse> => (await leagueChat(url, p, id, before).expect(200)).body;

  it('only members may join the room: outsiders, invitees of a private league and former members are refused', async () => {
    const [ann, bob, eve] = [await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const open1 = await createLeague(one, ann);
    const secret = await createLeague(one, ann, { isPrivate: true });
    await invite(one, ann, secret.league_id, bob).expect(201);
    const eveSocket = await open(two, eve);
    const bobSocket = await open(two, bob);
    const refusal = { ok: false, message: 'You may not join this room.' };
    expect(await joinRoom(eveSocket, open1.league_id)).toEqual(refusal); // a public league's room is still members only
    expect(await joinRoom(eveSocket, secret.league_id)).toEqual(refusal);
    expect(await joinRoom(bobSocket, secret.league_id)).toEqual(refusal);
    expect(await joinRoom(bobSocket, 999999)).toEqual(refusal);

    await joinLeague(one, bob, secret.league_id).expect(200);
    expect(await joinRoom(bobSocket, secret.league_id)).toEqual({ ok: true });
    await leaveLeague(one, bob, secret.league_id).expect(200);
    expect(await joinRoom(bobSocket, secret.league_id)).toEqual(refusal);
  });

  it('a message sent through one instance reaches every member on the other, once, with the sender’s name and picture', async () => {
    const [ann, bob, eve] = [await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const league = await createLeague(one, ann);
    await joinLeague(one, bob, league.league_id).expect(200);
    const bobOnTwo = await listening(two, bob, league.league_id);
    const annOnTwo = await listening(two, ann, league.league_id);
    const eveOnTwo = await open(two, eve);
    const [toBob, toAnn, toEve] = [bobOnTwo, annOnTwo, eveOnTwo].map((s) => collect<LeagueChatMessage>(s, 'league:message'));

    const res = await sendLeagueChat(one, ann, league.league_id, '  Gym at 7 tonight?  ').expect(201);
    expect(res.body).toEqual({
      message: MSG.messageSent,
      chat_message: {
        id: expect.any(Number),
        league_id: league.league_id,
        message: 'Gym at 7 tonight?',
        sender_id: ann.userId,
        username: ann.username,
        profile_picture: null,
        profile_picture_version: 0,
        timestamp: expect.any(String),
      },
    });
    await eventually(() => toBob.length === 1 && toAnn.length === 1, 'the message on both members’ sockets');
    expect(toBob).toEqual([res.body.chat_message]);
    await sendLeagueChat(two, bob, league.league_id, 'In.').expect(201);
    await eventually(() => toAnn.length === 2, 'the reply');
    expect(toEve).toEqual([]);
    expect(chatTexts(await page(two, bob, league.league_id))).toEqual(['Gym at 7 tonight?', 'In.']);
  });

  it('a member who leaves stops receiving at once, on every instance, and can no longer read or write', async () => {
    const [ann, bob, cat] = [await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const league = await createLeague(one, ann);
    for (const p of [bob, cat]) await joinLeague(one, p, league.league_id).expect(200);
    const bobSockets = [await listening(one, bob, league.league_id), await listening(two, bob, league.league_id)];
    const catSocket = await listening(two, cat, league.league_id);
    const bobGot = bobSockets.map((s) => collect<LeagueChatMessage>(s, 'league:message'));
    const bobChanges = bobSockets.map((s) => collect(s, 'league:changed'));
    const catGot = collect<LeagueChatMessage>(catSocket, 'league:message');

    await sendLeagueChat(two, ann, league.league_id, 'before').expect(201);
    await eventually(() => bobGot.every((g) => g.length === 1) && catGot.length === 1, 'the first message everywhere');

    await leaveLeague(one, bob, league.league_id).expect(200);
    await sendLeagueChat(two, ann, league.league_id, 'after').expect(201);
    await sendLeagueChat(one, cat, league.league_id, 'and again').expect(201);
    await eventually(() => catGot.length === 3, 'the later messages reach those who stayed');
    await new Promise((r) => setTimeout(r, 300));
    expect(bobGot.map((g) => g.map((m) => m.message))).toEqual([['before'], ['before']]);
    expect(bobChanges.map((c) => c.length)).toEqual([0, 0]);

    expect((await leagueChat(one, bob, league.league_id).expect(403)).body.message).toBe(MSG.leagueMembersOnly);
    expect((await sendLeagueChat(two, bob, league.league_id, 'let me back').expect(403)).body.message).toBe(MSG.leagueMembersOnly);
  });

  it('refuses blank and long messages, outsiders and unknown leagues; the send rate limit is shared by the instances and apart from direct messages', async () => {
    const [ann, eve, cat] = [await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const league = await createLeague(one, ann);
    const secret = await createLeague(one, ann, { isPrivate: true });
    await joinLeague(one, cat, league.league_id).expect(200);
    await invite(one, ann, secret.league_id, cat).expect(201);
    await joinLeague(one, cat, secret.league_id).expect(200);
    expect((await sendLeagueChat(one, ann, league.league_id, '   ').expect(400)).body.message).toBe(MSG.messageEmpty);
    expect((await sendLeagueChat(one, ann, league.league_id, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)).expect(400)).body.message).toBe(MSG.messageTooLong);
    expect((await sendLeagueChat(one, eve, league.league_id, 'hi').expect(403)).body.message).toBe(MSG.leagueMembersOnly);
    expect((await sendLeagueChat(one, eve, secret.league_id, 'hi').expect(404)).body.message).toBe(MSG.leagueNotFound);
    expect((await sendLeagueChat(one, ann, 999999, 'hi').expect(404)).body.message).toBe(MSG.leagueNotFound);
    expect((await request(one).post('/api/leagues/chat').set(auth(ann)).send({ league_id: league.league_id, message: 'x', sender_id: 1 }).expect(400)).body.message).toBe(
      MSG.unknownField('sender_id'),
    );
    expect((await leagueChat(one, eve, league.league_id).expect(403)).body.message).toBe(MSG.leagueMembersOnly);
    expect((await request(one).get(`/api/leagues/chat/${league.league_id}`).query({ before: 'x' }).set(auth(ann)).expect(400)).body.message).toBe('Invalid cursor.');
    await request(one).get(`/api/leagues/chat/${league.league_id}`).expect(401);

    for (let i = 0; i < env.config.CHAT_SEND_LIMIT; i += 1) await sendLeagueChat(i % 2 ? one : two, cat, league.league_id, `m${i}`).expect(201);
    expect((await sendLeagueChat(one, cat, league.league_id, 'one too many').expect(429)).body.message).toBe(MSG.sendingTooFast);
    expect((await sendLeagueChat(two, cat, secret.league_id, 'elsewhere').expect(429)).body.message).toBe(MSG.sendingTooFast); // per sender, every league
    await send(one, cat, eve, 'a direct message still goes').expect(201);
    await sendLeagueChat(two, ann, league.league_id, 'others still write').expect(201);
    expect(chatTexts(await page(one, cat, league.league_id))).toEqual([...Array.from({ length: env.config.CHAT_SEND_LIMIT }, (_, i) => `m${i}`), 'others still write']);
  });

  it('pages the history by cursor without gap or duplicate while messages keep coming; a deleted sender reads Deleted player', async () => {
    const [ann, bob] = [await player(env, one, false), await player(env, one, false)];
    const league = await createLeague(one, ann);
    await joinLeague(one, bob, league.league_id).expect(200);
    const total = CHAT_PAGE_SIZE * 2 + 3;
    for (let i = 1; i <= total; i += 1)
      await env.sql(`INSERT INTO league_messages (league_id, sender_id, body) VALUES ($1, $2, $3)`, [league.league_id, i % 2 ? ann.userId : bob.userId, `m${i}`]);

    const first = await page(one, ann, league.league_id);
    expect(first.chat).toHaveLength(CHAT_PAGE_SIZE);
    await sendLeagueChat(two, bob, league.league_id, 'late').expect(201);
    const second = await page(two, ann, league.league_id, first.next_cursor!);
    const third = await page(one, ann, league.league_id, second.next_cursor!);
    expect(third.next_cursor).toBeNull();
    expect([...chatTexts(third), ...chatTexts(second), ...chatTexts(first)]).toEqual(Array.from({ length: total }, (_, i) => `m${i + 1}`));
    expect(chatTexts(await page(one, ann, league.league_id)).at(-1)).toBe('late');

    await request(one).delete('/api/delete-account').set(auth(bob)).send({ password: PLAYER_PASSWORD }).expect(200);
    const last = (await page(one, ann, league.league_id)).chat.at(-1)!;
    expect(last).toMatchObject({ message: 'late', sender_id: bob.userId, username: 'Deleted player', profile_picture: null });
  });
});

describe('league messages that arrive together are stored by one statement (docs/leagues.md#chat)', () => {
  let env: TestEnv;
  let one: string;
  let app: Awaited<ReturnType<TestEnv['startApi']>>['app'];
  beforeAll(async () => {
    env = await createTestEnv();
    ({ app, url: one } = await env.startApi());
  });
  afterAll(() => env.close());

  it('one batch: arrival order kept within a league, a non-member refused alone, one commit for all', async () => {
    const [ann, bob, eve, gone] = [await player(env, one, false), await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const [court, gym] = [await createLeague(one, ann), await createLeague(one, bob)];
    for (const p of [bob, gone]) await joinLeague(one, p, court.league_id).expect(200);
    await joinLeague(one, ann, gym.league_id).expect(200);
    await request(one).delete('/api/delete-account').set(auth(gone)).send({ password: PLAYER_PASSWORD }).expect(200);
    const batcher = app.get(LeagueMessageBatcher);
    // Asked within one turn of the event loop: one batch.
    const outcomes = await Promise.all([
      batcher.add({ leagueId: court.league_id, senderId: ann.userId, body: 'a1' }),
      batcher.add({ leagueId: court.league_id, senderId: eve.userId, body: 'outsider' }),
      batcher.add({ leagueId: gym.league_id, senderId: ann.userId, body: 'g1' }),
      batcher.add({ leagueId: court.league_id, senderId: bob.userId, body: 'b1' }),
      batcher.add({ leagueId: 999999, senderId: ann.userId, body: 'nowhere' }),
      batcher.add({ leagueId: court.league_id, senderId: gone.userId, body: 'deleted' }),
      batcher.add({ leagueId: court.league_id, senderId: ann.userId, body: 'a2' }),
    ]);
    expect(outcomes.map((o) => o?.message ?? 'refused')).toEqual(['a1', 'refused', 'g1', 'b1', 'refused', 'refused', 'a2']);
    expect(outcomes[3]).toEqual({
      id: expect.any(Number),
      league_id: court.league_id,
      message: 'b1',
      sender_id: bob.userId,
      username: bob.username,
      profile_picture: null,
      profile_picture_version: 0,
      timestamp: expect.any(String),
    });
    const rows = await env.sql<{ id: number; league_id: number; body: string; created_at: Date }>(
      `SELECT id, league_id, body, created_at FROM league_messages WHERE league_id IN ($1, $2) ORDER BY id`,
      [court.league_id, gym.league_id],
    );
    expect(rows.map((r) => r.body)).toEqual(['a1', 'g1', 'b1', 'a2']);
    expect(rows.map((r) => r.id)).toEqual([0, 2, 3, 6].map((i) => outcomes[i]!.id));
    // One transaction: now() is the same for every row of the batch.
    expect(new Set(rows.map((r) => r.created_at.getTime())).size).toBe(1);
    // What the chat shows: each league its own messages, in arrival order.
    expect(chatTexts((await leagueChat(one, ann, court.league_id).expect(200)).body)).toEqual(['a1', 'b1', 'a2']);
  });
});
