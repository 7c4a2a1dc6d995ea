import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { UserEntity } from '../src/users/entities/user.entity';
import { UsersRepository } from '../src/users/users.repository';
import { useTestApp } from './support/harness';
import { auth, player } from './support/matches';

/**
 * `UsersRepository.findActive` reads the account as a prepared statement with its own column list
 * (the boot call's cost, docs/architecture.md#per-request-cost). It must return what TypeORM's
 * own read of the entity returns, field for field, so a column added to UserEntity and not to the
 * list fails here.
 */
describe('an account read by findActive is the entity TypeORM reads', () => {
  let url: string;
  let env: Parameters<typeof player>[0];
  let db: DataSource;
  let users: UsersRepository;
  useTestApp({}, ({ env: e, apis: [api] }) => {
    env = e;
    url = api.url;
    db = api.app.get(DataSource);
    users = api.app.get(UsersRepository);
  });

  const definedKeys = (o: object | null) =>
    Object.entries(o ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k)
      .sort();
  const typeormRead = (id: number) => db.manager.findOne(UserEntity, { where: { id, deletedAt: IsNull() } });

  it('matches TypeORM for a full account and a bare one, on the pool and inside a transaction', async () => {
    const full = await player(env, url, true, { height: `6'2"`, weight: '185' });
    await env.sql(
      `UPDATE users SET profile_picture = 'abc.webp', profile_picture_version = 3, preferences = '{"displayRating":true,"allowMessages":false}', date_of_birth = '1999-01-31' WHERE id = $1`,
      [full.userId],
    );
    const bare = await player(env, url, false, { height: '', weight: '' });
    for (const p of [full, bare]) {
      const expected = await typeormRead(p.userId);
      expect(expected).not.toBeNull();
      // Key for key (toEqual alone would let a column missing on one side pass as undefined).
      expect(definedKeys(await users.findActive(p.userId))).toEqual(definedKeys(expected));
      expect(await users.findActive(p.userId)).toEqual(expected);
      expect(await db.transaction((m) => users.findActive(p.userId, m))).toEqual(expected);
    }
    // What the player sees of it.
    const me = (await request(url).get('/api/user').set(auth(full)).expect(200)).body.user;
    expect(me).toMatchObject({
      user_id: full.userId,
      date_of_birth: '1999-01-31',
      height: `6'2"`,
      weight: '185',
      profile_picture: 'abc.webp',
      profile_picture_version: 3,
      verified: true,
    });
    expect(me.preferences).toMatchObject({ displayRating: true, allowMessages: false });
  });

  it('finds no deleted account and no missing one', async () => {
    const gone = await player(env, url, false);
    await env.sql(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.userId]);
    expect(await users.findActive(gone.userId)).toBeNull();
    expect(await users.findActive(2_000_000_000)).toBeNull();
  });
});
