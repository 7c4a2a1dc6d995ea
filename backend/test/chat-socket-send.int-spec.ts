import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { CHAT_MESSAGE_MAX_LENGTH, MSG, rooms, type ChatSendResult, type DirectMessage, type LeagueChatMessage } from '@gotnext/shared';
import { DirectMessageBatcher } from '../src/messages/direct-message-batcher';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { PLAYER_PASSWORD } from './support/players';
import { block, collect, eventually, send, socketPool, texts, useTwoInstances } from './support/social';
import { chatTexts, createLeague, joinLeague, leagueChat, leaveLeague, sendLeagueChat } from './support/leagues';

/**
 * Sending chat messages over the socket (docs/social.md#sending-over-the-socket): `message:send`
 * and `league-chat:send` store, refuse and rate-limit exactly as the REST calls do, ack only after
 * the row committed, and deliver every message once, in order, across two API instances.
 */
const dm = (s: Socket, body: unknown) => s.emitWithAck('message:send', body as never) as Promise<ChatSendResult<DirectMessage>>;
const leagueSend = (s: Socket, body: unknown) => s.emitWithAck('league-chat:send', body as never) as Promise<ChatSendResult<LeagueChatMessage>>;

describe('chat messages sent over the socket', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const open = useTwoInstances((app) => ({ env, one, two } = app));
  const history = async (viewer: Player, other: Player): Promise<DirectMessage[]> =>
    (await request(two).get(`/api/chat-history/${other.userId}`).set(auth(viewer)).expect(200)).body.messages;

  it('a direct message sent on instance 1 is acked with its stored row and reaches the recipient on instance 2 and the sender’s other tab once', async () => {
    const [alice, bob] = [await player(env, one, false), await player(env, one, false)];
    const aliceSocket = await open(one, alice);
    const aliceTab2 = await open(two, alice);
    const bobSocket = await open(two, bob);
    const [toBob, toAlice, toTab2] = [bobSocket, aliceSocket, aliceTab2].map((s) => collect<DirectMessage>(s, 'message:new'));

    const ack = await dm(aliceSocket, { recipient_id: bob.userId, content: '  Run at 6?  ' });
    expect(ack).toEqual({
      ok: true,
      chat_message: { id: expect.any(Number), sender_id: alice.userId, recipient_id: bob.userId, message: 'Run at 6?', timestamp: expect.any(String), read: false },
    });
    // Acked after the commit: the row is readable as soon as the ack is in.
    expect(await env.sql(`SELECT id, body FROM direct_messages WHERE sender_id = $1`, [alice.userId])).toEqual([
      { id: (ack as { chat_message: DirectMessage }).chat_message.id, body: 'Run at 6?' },
    ]);
    await eventually(() => toBob.length === 1 && toAlice.length === 1 && toTab2.length === 1, 'the message on every tab of both players');
    await new Promise((r) => setTimeout(r, 100));
    expect([toBob, toAlice, toTab2]).toEqual([
      [(ack as { chat_message: DirectMessage }).chat_message],
      [(ack as { chat_message: DirectMessage }).chat_message],
      [(ack as { chat_message: DirectMessage }).chat_message],
    ]);
  });

  it('refuses what the REST call refuses, in the same words, and stores nothing', async () => {
    const [alice, bob, shy, gone] = [await player(env, one, false), await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    await request(one)
      .put('/api/update-user')
      .set(auth(shy))
      .field('preferences', JSON.stringify({ allowMessages: false }))
      .expect(200);
    await request(one).delete('/api/delete-account').set(auth(gone)).send({ password: PLAYER_PASSWORD }).expect(200);
    const socket = await open(one, alice);
    const cases: [unknown, string][] = [
      [{ recipient_id: shy.userId, content: 'hi' }, MSG.messagesNotAllowed],
      [{ recipient_id: gone.userId, content: 'hi' }, MSG.playerNotFound],
      [{ recipient_id: 999999, content: 'hi' }, MSG.playerNotFound],
      [{ recipient_id: alice.userId, content: 'hi' }, MSG.cannotMessageSelf],
      [{ recipient_id: bob.userId, content: '   ' }, MSG.messageEmpty],
      [{ recipient_id: bob.userId, content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, MSG.messageTooLong],
      [{ recipient_id: bob.userId }, MSG.messageEmpty],
      [{ content: 'hi' }, MSG.playerNotFound],
      [{ recipient_id: 'x', content: 'hi' }, MSG.playerNotFound],
      [{ recipient_id: bob.userId, content: 'hi', sender_id: bob.userId }, MSG.unknownField('sender_id')],
    ];
    for (const [body, message] of cases) {
      expect(await dm(socket, body)).toEqual({ ok: false, message });
      // The REST call says the same about the same body.
      expect(
        (
          await request(one)
            .post('/api/send-message')
            .set(auth(alice))
            .send(body as object)
        ).body,
      ).toEqual({ message });
    }
    expect(await dm(socket, 'not an object')).toEqual({ ok: false, message: expect.any(String) });
    await block(one, alice, bob);
    expect(await dm(socket, { recipient_id: bob.userId, content: 'hi' })).toEqual({ ok: false, message: MSG.youBlocked });
    const bobSocket = await open(two, bob);
    expect(await dm(bobSocket, { recipient_id: alice.userId, content: 'hi' })).toEqual({ ok: false, message: MSG.messagesNotAllowed });
    expect(await env.sql(`SELECT 1 FROM direct_messages WHERE sender_id IN ($1, $2)`, [alice.userId, bob.userId])).toEqual([]);
  });

  it('messages sent one after another arrive once each, in the order sent, on both instances; ones sent at once are each acked and delivered once', async () => {
    const [alice, bob, cat] = [await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const aliceSocket = await open(one, alice);
    const bobSocket = await open(two, bob);
    const toBob = collect<DirectMessage>(bobSocket, 'message:new');
    const sent: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      sent.push(`m${i}`);
      expect(await dm(aliceSocket, { recipient_id: bob.userId, content: `m${i}` })).toMatchObject({ ok: true });
    }
    await eventually(() => toBob.length === 6, 'all six');
    expect(texts(toBob)).toEqual(sent);
    expect(texts(await history(bob, alice))).toEqual(sent);

    // Cat sends six at once, without waiting for acks: every one stored, acked and delivered exactly once, ids increasing in delivery order.
    const toBobFromCat = collect<DirectMessage>(bobSocket, 'message:new');
    const catSocket = await open(one, cat);
    const acks = await Promise.all(Array.from({ length: 6 }, (_, i) => dm(catSocket, { recipient_id: bob.userId, content: `c${i}` })));
    expect(acks.every((a) => a.ok)).toBe(true);
    await eventually(() => toBobFromCat.filter((m) => m.sender_id === cat.userId).length === 6, 'cat’s six');
    await new Promise((r) => setTimeout(r, 100));
    const fromCat = toBobFromCat.filter((m) => m.sender_id === cat.userId);
    expect(new Set(fromCat.map((m) => m.message)).size).toBe(6);
    expect(fromCat.map((m) => m.id).sort((a, b) => a - b)).toEqual(acks.map((a) => (a as { chat_message: DirectMessage }).chat_message.id).sort((a, b) => a - b));
  });

  it('league chat: members send over the socket and every member’s socket gets it once; outsiders and former members are refused as over REST', async () => {
    const [ann, bob, eve] = [await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const league = await createLeague(one, ann);
    await joinLeague(one, bob, league.league_id).expect(200);
    const annSocket = await open(one, ann);
    const bobSocket = await open(two, bob);
    const eveSocket = await open(two, eve);
    expect(await bobSocket.emitWithAck('room:join', rooms.league(league.league_id))).toEqual({ ok: true });
    expect(await annSocket.emitWithAck('room:join', rooms.league(league.league_id))).toEqual({ ok: true });
    const [toBob, toAnn] = [bobSocket, annSocket].map((s) => collect<LeagueChatMessage>(s, 'league:message'));

    const ack = await leagueSend(annSocket, { league_id: league.league_id, message: '  Gym at 7?  ' });
    expect(ack).toEqual({
      ok: true,
      chat_message: {
        id: expect.any(Number),
        league_id: league.league_id,
        message: 'Gym at 7?',
        sender_id: ann.userId,
        username: ann.username,
        profile_picture: null,
        profile_picture_version: 0,
        timestamp: expect.any(String),
      },
    });
    await eventually(() => toBob.length === 1 && toAnn.length === 1, 'the message on both members’ sockets');
    expect(toBob).toEqual([(ack as { chat_message: LeagueChatMessage }).chat_message]);

    const restSays = async (p: Player, body: object) => (await request(one).post('/api/leagues/chat').set(auth(p)).send(body)).body.message;
    const cases: [Socket, Player, object][] = [
      [eveSocket, eve, { league_id: league.league_id, message: 'let me in' }],
      [eveSocket, eve, { league_id: 999999, message: 'hi' }],
      [annSocket, ann, { league_id: league.league_id, message: '  ' }],
      [annSocket, ann, { message: 'hi' }],
    ];
    for (const [socket, p, body] of cases) {
      const said = await restSays(p, body);
      expect(said).toEqual(expect.any(String));
      expect(await leagueSend(socket, body)).toEqual({ ok: false, message: said });
    }
    expect(await leagueSend(eveSocket, { league_id: league.league_id, message: 'let me in' })).toEqual({ ok: false, message: MSG.leagueMembersOnly });

    await leaveLeague(one, bob, league.league_id).expect(200);
    expect(await leagueSend(bobSocket, { league_id: league.league_id, message: 'still here?' })).toMatchObject({ ok: false });
    await sendLeagueChat(two, ann, league.league_id, 'over REST').expect(201);
    expect(chatTexts((await leagueChat(one, ann, league.league_id).expect(200)).body)).toEqual(['Gym at 7?', 'over REST']);
  });
});

describe('a message sent over the socket takes from the same rate limit as the REST call', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const { open, closeAll } = socketPool();
  // A small limit with a long window, so the shared count cannot reset while a busy machine runs the test.
  beforeAll(async () => {
    env = await createTestEnv({ CHAT_SEND_LIMIT: '6', CHAT_SEND_WINDOW_SECONDS: '600' });
    one = (await env.startApi()).url;
    two = (await env.startApi()).url;
  });
  afterAll(async () => {
    closeAll();
    await env.close();
  });

  it('takes from the same rate limit as the REST call, across instances', async () => {
    const [alice, bob] = [await player(env, one, false), await player(env, one, false)];
    const socket = await open(two, alice);
    for (let i = 0; i < 3; i += 1) await send(one, alice, bob, `rest ${i}`).expect(201);
    for (let i = 0; i < 3; i += 1) expect(await dm(socket, { recipient_id: bob.userId, content: `socket ${i}` })).toMatchObject({ ok: true });
    expect(await dm(socket, { recipient_id: bob.userId, content: 'one too many' })).toEqual({ ok: false, message: MSG.sendingTooFast });
    expect((await send(one, alice, bob, 'and over REST').expect(429)).body.message).toBe(MSG.sendingTooFast);
    expect(texts((await request(two).get(`/api/chat-history/${alice.userId}`).set(auth(bob)).expect(200)).body.messages)).toEqual([
      'rest 0',
      'rest 1',
      'rest 2',
      'socket 0',
      'socket 1',
      'socket 2',
    ]);
  });

  it('sends checked together count one after another: a burst past the limit is stored up to it and refused beyond', async () => {
    const [dan, bob] = [await player(env, one, false), await player(env, one, false)];
    const socket = await open(one, dan);
    // Emitted at once: the instance checks them in one or a few script calls (chat-rate-limiter.ts).
    const acks = await Promise.all(Array.from({ length: 8 }, (_, i) => dm(socket, { recipient_id: bob.userId, content: `burst ${i}` })));
    expect(acks.filter((a) => a.ok)).toHaveLength(6);
    expect(acks.filter((a) => !a.ok)).toEqual([
      { ok: false, message: MSG.sendingTooFast },
      { ok: false, message: MSG.sendingTooFast },
    ]);
    expect(await env.sql(`SELECT count(*)::int AS n FROM direct_messages WHERE sender_id = $1`, [dan.userId])).toEqual([{ n: 6 }]);
  });
});

describe('direct messages that arrive together are stored by one statement (docs/social.md#messages)', () => {
  let env: TestEnv;
  let one: string;
  let app: Awaited<ReturnType<TestEnv['startApi']>>['app'];
  beforeAll(async () => {
    env = await createTestEnv();
    ({ app, url: one } = await env.startApi());
  });
  afterAll(() => env.close());

  it('one batch: arrival order kept within a conversation, each message judged on its own, one commit for all', async () => {
    const [alice, bob, cat, shy] = [await player(env, one, false), await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    await request(one)
      .put('/api/update-user')
      .set(auth(shy))
      .field('preferences', JSON.stringify({ allowMessages: false }))
      .expect(200);
    await block(one, cat, alice);
    const batcher = app.get(DirectMessageBatcher);
    // Asked within one turn of the event loop: one batch.
    const outcomes = await Promise.all([
      batcher.add({ senderId: alice.userId, recipientId: bob.userId, body: 'a1' }),
      batcher.add({ senderId: alice.userId, recipientId: cat.userId, body: 'blocked' }),
      batcher.add({ senderId: bob.userId, recipientId: alice.userId, body: 'b1' }),
      batcher.add({ senderId: alice.userId, recipientId: 999999, body: 'nobody' }),
      batcher.add({ senderId: alice.userId, recipientId: shy.userId, body: 'not allowed' }),
      batcher.add({ senderId: alice.userId, recipientId: bob.userId, body: 'a2' }),
    ]);
    expect(outcomes.map((o) => (o === null ? 'gone' : o.message ? o.message.message : 'refused'))).toEqual(['a1', 'refused', 'b1', 'gone', 'refused', 'a2']);
    expect(outcomes[1]!.relation).toMatchObject({ theyBlocked: true, iBlocked: false });
    const rows = await env.sql<{ id: number; body: string; created_at: Date }>(`SELECT id, body, created_at FROM direct_messages WHERE sender_id IN ($1, $2) ORDER BY id`, [
      alice.userId,
      bob.userId,
    ]);
    expect(rows.map((r) => r.body)).toEqual(['a1', 'b1', 'a2']);
    expect(rows.map((r) => r.id)).toEqual([1, 3, 6].map((i) => outcomes[i - 1]!.message!.id));
    // One transaction: now() is the same for every row of the batch.
    expect(new Set(rows.map((r) => r.created_at.getTime())).size).toBe(1);
  });
});
