import request from 'supertest';
import { MSG, type FriendsResponse, type NotificationEvent } from '@gotnext/shared';
import { TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { nextEvent } from './support/sockets';
import { PLAYER_PASSWORD } from './support/players';
import { befriend, block, collect, unblock, useTwoInstances } from './support/social';

describe('friends: requests, accepting, races and refusals (docs/social.md#friends)', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const open = useTwoInstances((app) => ({ env, one, two } = app));

  const status = async (url: string, viewer: Player, other: Player | number) =>
    (
      await request(url)
        .get(`/api/friends/status/${typeof other === 'number' ? other : other.userId}`)
        .set(auth(viewer))
        .expect(200)
    ).body;
  const friendsOf = async (p: Player): Promise<FriendsResponse> => (await request(one).get('/api/friends').set(auth(p)).expect(200)).body;
  const requestFriend = (url: string, from: Player, to: Player | number) =>
    request(url)
      .post('/api/friends/request')
      .set(auth(from))
      .send({ userId: typeof to === 'number' ? to : to.userId });

  it('a request is notified live on the other instance, accepted, and the sender is told', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const bobSocket = await open(two, bob);
    const aliceSocket = await open(one, alice);
    const bobChanges = collect<{ user_id: number }>(bobSocket, 'friends:changed');

    expect(await status(one, alice, bob)).toEqual({ status: 'not_friends', request_id: null });
    const notified = nextEvent<NotificationEvent>(bobSocket, 'notification:new');
    expect((await requestFriend(one, alice, bob).expect(200)).body).toEqual({ message: MSG.friendRequestSent });
    expect(await notified).toMatchObject({ type: 'friend_request', message: `${alice.username} sent you a friend request.`, read: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(bobChanges).toContainEqual({ user_id: alice.userId });

    const sent = await status(one, alice, bob);
    expect(sent.status).toBe('request_sent');
    expect(await status(two, bob, alice)).toEqual({ status: 'request_received', request_id: sent.request_id });
    const bobs = await friendsOf(bob);
    expect(bobs.friends).toEqual([]);
    expect(bobs.friendRequests).toEqual([
      {
        id: sent.request_id,
        sender_id: alice.userId,
        username: alice.username,
        profile_picture: null,
        profile_picture_version: 0,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
    ]);
    // The notifications page's Friend Requests filter has a real item.
    const listed = (await request(two).get('/api/notifications').set(auth(bob)).expect(200)).body.notifications;
    expect(listed.map((n: NotificationEvent) => n.type)).toEqual(['friend_request']);

    const accepted = nextEvent<NotificationEvent>(aliceSocket, 'notification:new');
    expect((await request(two).post('/api/friends/accept').set(auth(bob)).send({ requestId: sent.request_id }).expect(200)).body).toEqual({ message: MSG.friendRequestAccepted });
    expect(await accepted).toMatchObject({ type: 'friend_request_accepted', message: `${bob.username} accepted your friend request.` });
    expect(await status(one, alice, bob)).toEqual({ status: 'friends', request_id: null });
    expect(await status(one, bob, alice)).toEqual({ status: 'friends', request_id: null });
    expect((await friendsOf(alice)).friends).toEqual([{ user_id: bob.userId, username: bob.username, profile_picture: null, profile_picture_version: 0, online: true }]);
    expect((await friendsOf(bob)).friendRequests).toEqual([]);

    // Remove ends it for both.
    expect((await request(one).delete('/api/friends/remove').set(auth(bob)).send({ userId: alice.userId }).expect(200)).body).toEqual({ message: MSG.friendRemoved });
    expect((await friendsOf(alice)).friends).toEqual([]);
    expect(await status(one, alice, bob)).toEqual({ status: 'not_friends', request_id: null });
    await request(one).delete('/api/friends/remove').set(auth(bob)).send({ userId: alice.userId }).expect(404);
  });

  it('declining removes the request; the sender can withdraw one; self and unknown players have their status', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    await requestFriend(one, alice, bob).expect(200);
    const { request_id } = await status(one, bob, alice);
    // Only the recipient can decline (or accept) it; anyone else's attempt reads as "not found".
    expect((await request(one).delete('/api/friends/decline').set(auth(alice)).send({ requestId: request_id }).expect(404)).body.message).toBe(MSG.friendRequestNotFound);
    expect((await request(one).post('/api/friends/accept').set(auth(alice)).send({ requestId: request_id }).expect(404)).body.message).toBe(MSG.friendRequestNotFound);
    expect((await request(one).delete('/api/friends/decline').set(auth(bob)).send({ requestId: request_id }).expect(200)).body).toEqual({ message: MSG.friendRequestDeclined });
    expect(await status(one, alice, bob)).toEqual({ status: 'not_friends', request_id: null });
    await request(one).delete('/api/friends/decline').set(auth(bob)).send({ requestId: request_id }).expect(404);

    await requestFriend(one, alice, bob).expect(200);
    await request(one).delete('/api/friends/remove').set(auth(alice)).send({ userId: bob.userId }).expect(200); // withdrawn
    expect((await friendsOf(bob)).friendRequests).toEqual([]);

    expect(await status(one, alice, alice)).toEqual({ status: 'self', request_id: null });
    expect(await status(one, alice, 999999)).toEqual({ status: 'unknown', request_id: null });
    expect((await request(one).get('/api/friends/status/abc').set(auth(alice)).expect(200)).body.status).toBe('unknown');
  });

  it('every refusal answers in words, and leaves nothing stored', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const gone = await player(env, one, false);
    await request(one).delete('/api/delete-account').set(auth(gone)).send({ password: PLAYER_PASSWORD }).expect(200);

    const cases: [Player | number, number, string][] = [
      [alice, 400, MSG.cannotFriendSelf],
      [gone, 404, MSG.playerNotFound],
      [999999, 404, MSG.playerNotFound],
    ];
    for (const [to, code, message] of cases) expect((await requestFriend(one, alice, to).expect(code)).body.message).toBe(message);
    for (const body of [{}, { userId: 'x' }, { userId: 0 }, { userId: 1.5 }]) {
      expect((await request(one).post('/api/friends/request').set(auth(alice)).send(body).expect(400)).body.message).toBe(MSG.playerNotFound);
    }
    expect((await request(one).post('/api/friends/request').set(auth(alice)).send({ userId: bob.userId, user_id: alice.userId }).expect(400)).body.message).toBe(
      MSG.unknownField('user_id'),
    );
    expect((await request(one).post('/api/friends/accept').set(auth(alice)).send({}).expect(400)).body.message).toBe(MSG.friendRequestNotFound);
    await request(one).post('/api/friends/request').send({ userId: bob.userId }).expect(401);
    await request(one).get('/api/friends').expect(401);

    // A block either way refuses requests, and a pending request can no longer be accepted.
    await requestFriend(one, alice, bob).expect(200);
    const { request_id } = await status(one, bob, alice);
    await block(one, alice, bob);
    expect((await request(one).post('/api/friends/accept').set(auth(bob)).send({ requestId: request_id }).expect(403)).body.message).toBe(MSG.friendRequestRefused);
    expect((await requestFriend(one, bob, alice).expect(403)).body.message).toBe(MSG.friendRequestRefused);
    expect((await friendsOf(bob)).friendRequests).toEqual([]); // hidden while the block stands
    await unblock(one, alice, bob);
    await block(one, bob, alice);
    expect((await requestFriend(one, alice, bob).expect(403)).body.message).toBe(MSG.friendRequestRefused);
    await unblock(one, bob, alice);

    // Twice is refused, not doubled.
    expect((await requestFriend(one, alice, bob).expect(409)).body.message).toBe(MSG.friendRequestAlreadySent);
    expect(await env.sql(`SELECT 1 FROM friend_requests WHERE sender_id = $1`, [alice.userId])).toHaveLength(1);
    expect(await env.sql(`SELECT 1 FROM friendships WHERE $1 IN (user_low, user_high)`, [alice.userId])).toHaveLength(0);
    await befriend(one, bob, gone).catch(() => undefined);
    expect(await env.sql(`SELECT 1 FROM friend_requests WHERE recipient_id = $1`, [gone.userId])).toHaveLength(0);
  });

  it('blocked and deleted friends leave the list; friends stay friends once the block is lifted', async () => {
    const alice = await player(env, one, false);
    const bob = await player(env, one, false);
    const carol = await player(env, one, false);
    await befriend(one, alice, bob);
    await befriend(one, carol, alice);
    expect((await friendsOf(alice)).friends.map((f) => f.username).sort()).toEqual([bob.username, carol.username].sort());
    await block(one, bob, alice);
    expect((await friendsOf(alice)).friends.map((f) => f.username)).toEqual([carol.username]);
    expect((await friendsOf(bob)).friends).toEqual([]);
    await unblock(one, bob, alice);
    await request(one).delete('/api/delete-account').set(auth(carol)).send({ password: PLAYER_PASSWORD }).expect(200);
    expect((await friendsOf(alice)).friends.map((f) => f.username)).toEqual([bob.username]);
    expect(await status(one, alice, carol)).toEqual({ status: 'unknown', request_id: null });
  });

  it('races end in one request or one friendship: a double click, and both players asking at once on two instances', async () => {
    for (let round = 0; round < 5; round += 1) {
      const alice = await player(env, one, false);
      const bob = await player(env, one, false);
      const clicks = await Promise.all([requestFriend(one, alice, bob), requestFriend(two, alice, bob), requestFriend(one, alice, bob)]);
      expect(clicks.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await env.sql(`SELECT 1 FROM friend_requests WHERE sender_id = $1`, [alice.userId])).toHaveLength(1);
      expect(await env.sql(`SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'friend_request'`, [bob.userId])).toHaveLength(1);

      const carol = await player(env, one, false);
      const dave = await player(env, one, false);
      const crossing = await Promise.all([requestFriend(one, carol, dave), requestFriend(two, dave, carol)]);
      expect(crossing.map((r) => r.status)).toEqual([200, 200]);
      expect(crossing.map((r) => r.body.message).sort()).toEqual([MSG.friendRequestSent, MSG.nowFriends].sort());
      expect(
        await env.sql(`SELECT 1 FROM friendships WHERE user_low = LEAST($1::int, $2::int) AND user_high = GREATEST($1::int, $2::int)`, [carol.userId, dave.userId]),
      ).toHaveLength(1);
      expect(await env.sql(`SELECT 1 FROM friend_requests WHERE $1 IN (sender_id, recipient_id)`, [carol.userId])).toHaveLength(0);
      expect(await status(two, carol, dave)).toEqual({ status: 'friends', request_id: null });

      // Accepting twice at once (two tabs) and accepting while the sender withdraws: one outcome each.
      const erin = await player(env, one, false);
      await requestFriend(one, alice, erin).expect(200);
      const { request_id } = await status(one, erin, alice);
      const accepts = await Promise.all([
        request(one).post('/api/friends/accept').set(auth(erin)).send({ requestId: request_id }),
        request(two).post('/api/friends/accept').set(auth(erin)).send({ requestId: request_id }),
      ]);
      expect(accepts.map((r) => r.status).sort()).toEqual([200, 404]);
      expect(await env.sql(`SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'friend_request_accepted'`, [alice.userId])).toHaveLength(1);
    }
  });
});
