import request from 'supertest';
import { MSG, type PlayerSearchResult } from '@gotnext/shared';
import { TestEnv, useTestApp } from './support/harness';
import { signupAndLogin } from './support/players';

describe('blocking and player search', () => {
  let env: TestEnv;
  let url: string;

  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  const search = async (query: string, token?: string): Promise<string[]> => {
    const req = request(url).get('/api/players').query({ query });
    if (token) req.set('authorization', `Bearer ${token}`);
    const res = await req.expect(200);
    return (res.body.players as PlayerSearchResult[]).map((p) => p.username);
  };

  it('searches usernames for visitors, prefix matches first, only for a non-empty query', async () => {
    const tag = `srch${Date.now().toString(36)}`;
    const a = await signupAndLogin(url, { username: `zz${tag}` });
    const b = await signupAndLogin(url, { username: `${tag}b` });
    expect(await search(tag)).toEqual([b.player.username, a.player.username]);
    expect(await search(tag.toUpperCase())).toEqual([b.player.username, a.player.username]);
    expect(await search('   ')).toEqual([]);
    expect((await request(url).get('/api/players').expect(200)).body).toEqual({ players: [] });
    // A % typed by a player is a character, not "everything".
    expect(await search('%')).toEqual([]);
    const res = await request(url).get('/api/players').query({ query: tag }).expect(200);
    expect(Object.keys(res.body.players[0]).sort()).toEqual(['profile_picture', 'profile_picture_version', 'user_id', 'username']);
  });

  it('blocks both ways: neither finds the other, and the blocker lists and unblocks them', async () => {
    const tag = `blk${Date.now().toString(36)}`;
    const alice = await signupAndLogin(url, { username: `${tag}alice` });
    const bob = await signupAndLogin(url, { username: `${tag}bob` });
    const carol = await signupAndLogin(url, { username: `${tag}carol` });
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });

    expect(await search(tag, alice.token)).toEqual([bob.player.username, carol.player.username]); // not herself
    const blocked = await request(url).post('/api/block-user').set(auth(alice.token)).send({ username: bob.player.username.toUpperCase() }).expect(200);
    expect(blocked.body.message).toBe(MSG.playerBlocked);
    await request(url).post('/api/block-user').set(auth(alice.token)).send({ username: bob.player.username }).expect(200); // twice is harmless

    expect(await search(tag, alice.token)).toEqual([carol.player.username]);
    expect(await search(tag, bob.token)).toEqual([carol.player.username]); // the blocked side does not see the blocker either
    expect(await search(tag, carol.token)).toEqual([alice.player.username, bob.player.username]);
    expect(await search(tag)).toHaveLength(3); // visitors: no filter

    expect((await request(url).get('/api/blocked-users').set(auth(alice.token)).expect(200)).body).toEqual({ users: [{ user_id: bob.userId, username: bob.player.username }] });
    expect((await request(url).get('/api/blocked-users').set(auth(bob.token)).expect(200)).body).toEqual({ users: [] });

    // Bob cannot lift Alice's block.
    await request(url).post('/api/unblock-user').set(auth(bob.token)).send({ userId: alice.userId }).expect(200);
    expect(await search(tag, bob.token)).toEqual([carol.player.username]);

    expect((await request(url).post('/api/unblock-user').set(auth(alice.token)).send({ userId: bob.userId }).expect(200)).body.message).toBe(MSG.playerUnblocked);
    expect(await search(tag, bob.token)).toEqual([alice.player.username, carol.player.username]);
    await request(url).post('/api/block-user').set(auth(alice.token)).send({ username: carol.player.username }).expect(200);
    await request(url).post('/api/unblock-user').set(auth(alice.token)).send({ username: carol.player.username }).expect(200);
    expect((await request(url).get('/api/blocked-users').set(auth(alice.token)).expect(200)).body.users).toEqual([]);
  });

  it('refuses bad block requests with a message and stores nothing', async () => {
    const p = await signupAndLogin(url);
    const auth = { authorization: `Bearer ${p.token}` };
    const cases: [object, number, string][] = [
      [{ username: p.player.username }, 400, MSG.cannotBlockSelf],
      [{ username: 'nobody-by-this-name' }, 404, MSG.playerNotFound],
      [{ username: '  ' }, 400, MSG.blockUsernameRequired],
      [{}, 400, MSG.blockUsernameRequired],
      [{ username: 'x', user_id: 5 }, 400, MSG.unknownField('user_id')],
    ];
    for (const [body, status, message] of cases) {
      const res = await request(url).post('/api/block-user').set(auth).send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
    expect((await request(url).post('/api/unblock-user').set(auth).send({}).expect(400)).body.message).toBe(MSG.blockUsernameRequired);
    await request(url).post('/api/unblock-user').set(auth).send({ userId: 99999999 }).expect(404);
    await request(url).post('/api/block-user').send({ username: 'x' }).expect(401);
    await request(url).get('/api/blocked-users').expect(401);
    expect(await env.sql(`SELECT 1 FROM blocks WHERE blocker_id = $1`, [p.userId])).toHaveLength(0);
  });
});
