import request from 'supertest';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE, MSG, type ChatHistoryResponse, type DirectMessage, type MessagesReadEvent } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { nextEvent } from './support/sockets';
import { PLAYER_PASSWORD } from './support/players';
import { befriend, block, collect, eventually, send, texts, unblock, useTwoInstances } from './support/social';

describe('direct messages across two API instances (docs/social.md#messages)', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const open = useTwoInstances((app) => ({ env, one, two } = app));

  const history = async (url: string, viewer: Player, other: Player, before?: number): Promise<ChatHistoryResponse> =>
    (
      await request(url)
        .get(`/api/chat-history/${other.userId}`)
        .query({ timezone: 'America/New_York', ...(before ? { before } : {}) })
        .set(auth(viewer))
        .expect(200)
    ).body;
  const unread = async (p: Player) => (await request(two).get('/api/unread-messages').set(auth(p)).expect(200)).body.unreadCount as number;

  it('a message sent through instance 1 reaches the recipient on instance 2 and the sender’s second tab, once each', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const bobOnTwo = await open(two, bob);
    const aliceTab1 = await open(one, alice);
    const aliceTab2 = await open(two, alice);
    const [toBob, toTab1, toTab2] = [bobOnTwo, aliceTab1, aliceTab2].map((s) => collect<DirectMessage>(s, 'message:new'));

    const res = await send(one, alice, bob, '  Run it back at 6?  ').expect(201);
    expect(res.body).toEqual({
      message: MSG.messageSent,
      chat_message: { id: expect.any(Number), sender_id: alice.userId, recipient_id: bob.userId, message: 'Run it back at 6?', timestamp: expect.any(String), read: false },
    });
    await eventually(() => toBob.length === 1 && toTab1.length === 1 && toTab2.length === 1, 'the message on all three sockets');
    for (const got of [toBob, toTab1, toTab2]) expect(got).toEqual([res.body.chat_message]);
    await new Promise((r) => setTimeout(r, 200));
    expect([toBob.length, toTab1.length, toTab2.length]).toEqual([1, 1, 1]); // never twice

    // And the reply comes back the other way, through instance 2.
    const reply = nextEvent<DirectMessage>(aliceTab1, 'message:new');
    await send(two, bob, alice, 'Bet.').expect(201);
    expect((await reply).message).toBe('Bet.');
  });

  it('counts unread messages, lists conversations, and marks read on every tab with the sender’s Seen', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const carol = await player(env, one, false);
    await send(one, alice, bob, 'one').expect(201);
    await send(one, alice, bob, 'two').expect(201);
    await send(two, carol, bob, 'hey from carol').expect(201);
    await send(two, bob, carol, 'hey back').expect(201);
    expect(await unread(bob)).toBe(3);

    const notifications = (await request(one).get('/api/notifications').set(auth(bob)).expect(200)).body;
    expect(notifications.unreadMessagesCount).toBe(3);
    expect(notifications.notifications[0]).toMatchObject({ id: 'unread_messages', type: 'unread_messages', message: 'You have 3 unread message(s).' });

    const list = (await request(one).get('/api/messages').query({ timezone: 'America/Los_Angeles' }).set(auth(bob)).expect(200)).body.messages;
    expect(list.map((c: { username: string; last_message: string; unread_count: number }) => [c.username, c.last_message, c.unread_count])).toEqual([
      [carol.username, 'hey back', 1],
      [alice.username, 'two', 2],
    ]);
    expect(list[0]).toMatchObject({ user_id: carol.userId, last_sender_id: bob.userId, date: expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/), online: false });

    const bobTab = await open(one, bob);
    const bobOtherTab = await open(two, bob);
    const aliceSocket = await open(two, alice);
    const seen = nextEvent<MessagesReadEvent>(aliceSocket, 'messages:read');
    const otherTab = nextEvent<MessagesReadEvent>(bobOtherTab, 'messages:read');
    const thisTab = nextEvent<MessagesReadEvent>(bobTab, 'messages:read');
    expect((await request(one).post(`/api/mark-messages-read/${alice.userId}`).set(auth(bob)).expect(200)).body).toEqual({ message: MSG.messagesMarkedRead });
    for (const e of await Promise.all([seen, otherTab, thisTab])) expect(e).toMatchObject({ reader_id: bob.userId, partner_id: alice.userId });
    expect(await unread(bob)).toBe(1);
    expect((await history(one, alice, bob)).messages.map((m) => [m.message, m.read])).toEqual([
      ['one', true],
      ['two', true],
    ]);

    // The bell's "mark messages read" clears the rest, and each sender hears of it.
    const carolSocket = await open(one, carol);
    const carolSeen = nextEvent<MessagesReadEvent>(carolSocket, 'messages:read');
    await request(two).post('/api/notifications/mark-messages-read').set(auth(bob)).expect(200);
    expect(await carolSeen).toMatchObject({ reader_id: bob.userId, partner_id: carol.userId });
    expect(await unread(bob)).toBe(0);
    expect((await request(one).get('/api/notifications').set(auth(bob)).expect(200)).body.notifications.filter((n: { id: unknown }) => n.id === 'unread_messages')).toEqual([]);
  });

  it('pages a chat by cursor, newest page first, with no gap or duplicate while messages keep coming', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const total = CHAT_PAGE_SIZE * 2 + 5;
    for (let i = 1; i <= total; i += 1)
      await env.sql(
        `INSERT INTO direct_messages (sender_id, recipient_id, body) VALUES ($1, $2, $3)`,
        i % 2 ? [alice.userId, bob.userId, `m${i}`] : [bob.userId, alice.userId, `m${i}`],
      );

    const first = await history(one, bob, alice);
    expect(first.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(texts(first.messages).at(-1)).toBe(`m${total}`);
    // New messages arrive between pages (they reach the open chat live); older pages do not shift.
    await send(one, alice, bob, 'late').expect(201);
    const second = await history(two, bob, alice, first.next_cursor!);
    const third = await history(one, bob, alice, second.next_cursor!);
    expect(third.next_cursor).toBeNull();
    const all = [...third.messages, ...second.messages, ...first.messages].map((m) => m.message);
    expect(all).toEqual(Array.from({ length: total }, (_, i) => `m${i + 1}`));
    expect((await history(one, alice, bob)).messages.at(-1)!.message).toBe('late');

    expect((await request(one).get(`/api/chat-history/${alice.userId}`).query({ before: 'abc' }).set(auth(bob)).expect(400)).body.message).toBe('Invalid cursor.');
    expect((await request(one).get(`/api/chat-history/999999`).set(auth(bob)).expect(404)).body.message).toBe(MSG.playerNotFound);
    expect((await request(one).get(`/api/chat-history/x`).set(auth(bob)).expect(404)).body.message).toBe(MSG.playerNotFound);
    await request(one).get(`/api/chat-history/${alice.userId}`).expect(401);
  });

  it('refuses: a block either way, allowMessages off for non-friends, a deleted player, blank and long texts; stores nothing', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const shy = await player(env, one, false);
    const gone = await player(env, one, false);
    await request(one)
      .put('/api/update-user')
      .set(auth(shy))
      .field('preferences', JSON.stringify({ allowMessages: false }))
      .expect(200);
    await request(one).delete('/api/delete-account').set(auth(gone)).send({ password: PLAYER_PASSWORD }).expect(200);

    const details = async (viewer: Player, other: Player) => (await request(one).get(`/api/user-details/${other.userId}`).set(auth(viewer)).expect(200)).body;
    expect(await details(alice, bob)).toMatchObject({
      user_id: bob.userId,
      username: bob.username,
      is_friend: false,
      can_message: true,
      message_refusal: null,
      preferences: { allowMessages: true },
    });
    expect(await details(alice, shy)).toMatchObject({ can_message: false, message_refusal: MSG.messagesNotAllowed, preferences: { allowMessages: false } });

    const refusals: [Player | number, string, number, string][] = [
      [shy, 'hi', 403, MSG.messagesNotAllowed],
      [gone, 'hi', 404, MSG.playerNotFound],
      [999999, 'hi', 404, MSG.playerNotFound],
      [alice, 'hi', 400, MSG.cannotMessageSelf],
      [bob, '   ', 400, MSG.messageEmpty],
      [bob, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), 400, MSG.messageTooLong],
    ];
    for (const [to, text, code, message] of refusals) expect((await send(one, alice, to, text).expect(code)).body.message).toBe(message);
    expect((await request(one).post('/api/send-message').set(auth(alice)).send({ recipient_id: bob.userId }).expect(400)).body.message).toBe(MSG.messageEmpty);
    expect((await request(one).post('/api/send-message').set(auth(alice)).send({ content: 'hi' }).expect(400)).body.message).toBe(MSG.playerNotFound);
    await send(one, alice, bob, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH)).expect(201); // exactly the limit is fine
    await request(one).get(`/api/user-details/${gone.userId}`).set(auth(alice)).expect(404);

    // Friends may write even when allowMessages is off.
    await befriend(one, alice, shy);
    expect(await details(alice, shy)).toMatchObject({ is_friend: true, can_message: true });
    await send(one, alice, shy, 'friends can').expect(201);

    // Blocks, either way; the blocker reads "You have blocked this player.", the blocked side does not learn of the block.
    await block(one, alice, bob);
    expect(await details(alice, bob)).toMatchObject({ can_message: false, message_refusal: MSG.youBlocked, online: false });
    expect(await details(bob, alice)).toMatchObject({ can_message: false, message_refusal: MSG.messagesNotAllowed });
    expect((await send(one, alice, bob, 'hi').expect(403)).body.message).toBe(MSG.youBlocked);
    expect((await send(two, bob, alice, 'hi').expect(403)).body.message).toBe(MSG.messagesNotAllowed);
    // Neither sees the conversation, and its unread messages do not count.
    expect((await request(one).get('/api/messages').set(auth(bob)).expect(200)).body.messages).toEqual([]);
    expect(await unread(bob)).toBe(0);
    await unblock(one, alice, bob);
    expect(await unread(bob)).toBe(1);
    await block(one, bob, alice);
    expect((await send(one, alice, bob, 'hi').expect(403)).body.message).toBe(MSG.messagesNotAllowed);
    await unblock(one, bob, alice);

    expect(await env.sql(`SELECT body FROM direct_messages WHERE sender_id = $1 ORDER BY id`, [alice.userId])).toEqual([
      { body: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH) },
      { body: 'friends can' },
    ]);
  });

  it('relays typing only where a message would be allowed', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const bobSocket = await open(two, bob);
    const aliceSocket = await open(one, alice);
    const typing = collect<{ user_id: number }>(bobSocket, 'chat:typing');
    aliceSocket.emit('chat:typing', bob.userId);
    await eventually(() => typing.length === 1, 'typing on the other instance');
    expect(typing).toEqual([{ user_id: alice.userId }]);

    await block(one, bob, alice);
    const carol = await player(env, one, false);
    const carolSocket = await open(two, carol);
    const control = nextEvent(carolSocket, 'chat:typing');
    const aliceAgain = await open(one, alice); // a fresh socket: no per-socket throttle in the way
    aliceAgain.emit('chat:typing', bob.userId);
    aliceAgain.emit('chat:typing', 'nonsense' as unknown as number);
    aliceAgain.emit('chat:typing', carol.userId);
    await control; // handled after the refused ones
    await new Promise((r) => setTimeout(r, 100));
    expect(typing).toHaveLength(1);
  });
});

describe('the send rate limit is one count shared by both instances', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  // A long window, so that the count cannot reset while a busy machine runs the test.
  beforeAll(async () => {
    env = await createTestEnv({ CHAT_SEND_LIMIT: '4', CHAT_SEND_WINDOW_SECONDS: '600' });
    one = (await env.startApi()).url;
    two = (await env.startApi()).url;
  });
  afterAll(() => env.close());

  it('lets 4 messages through across the instances, refuses the fifth with 429, per sender', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const sent = await Promise.all([
      send(one, alice, bob, '1'),
      send(two, alice, bob, '2'),
      send(one, alice, bob, '3'),
      send(two, alice, bob, '4'),
      send(one, alice, bob, '5'),
      send(two, alice, bob, '6'),
    ]);
    expect(sent.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 429, 429]);
    expect(sent.find((r) => r.status === 429)!.body).toEqual({ message: MSG.sendingTooFast });
    expect(await env.sql(`SELECT 1 FROM direct_messages WHERE sender_id = $1`, [alice.userId])).toHaveLength(4);
    // Bob's own allowance is untouched.
    await send(two, bob, alice, 'my turn').expect(201);
  });
});
