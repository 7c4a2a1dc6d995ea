import request from 'supertest';
import http from 'node:http';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { MSG, PROFILE_PHOTO_MAX_BYTES, type User } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';
import { photoWithExif } from './support/images';
import { connectSocket, nextEvent, socketReady } from './support/sockets';

describe('account: update-user, photos, soft deletion', () => {
  let env: TestEnv;
  let url: string;
  let url2: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    url = (await env.startApi()).url;
    url2 = (await env.startApi()).url;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await env.close();
  });

  const userRow = async (id: number) =>
    (
      await env.sql(
        `SELECT first_name, last_name, state, date_of_birth::text AS dob, bio, height, weight, preferences, id_verified, profile_picture, profile_picture_version, updated_at FROM users WHERE id = $1`,
        [id],
      )
    )[0];

  it('updates the fields sent as multipart, keeps the others, and returns the user', async () => {
    const p = await signupAndLogin(url);
    const res = await request(url)
      .put('/api/update-user')
      .set('authorization', `Bearer ${p.token}`)
      .field('bio', '  Lefty shooter.  ')
      .field('height', `6'2`)
      .field('weight', '190 lbs')
      .field('preferences', JSON.stringify({ displayHeight: true, censorSensitiveInfo: true }))
      .expect(200);
    const user = res.body.user as User;
    expect(res.body.message).toBe(MSG.accountUpdated);
    expect(user).toMatchObject({ bio: 'Lefty shooter.', height: `6'2`, weight: '190 lbs', first_name: 'Jordan', state: 'CA' });
    expect(user.preferences).toEqual({
      allowMessages: true,
      displayHeight: true,
      displayWeight: false,
      displayStateRanking: true,
      displayRating: true,
      displayWinsLosses: true,
      censorSensitiveInfo: true,
    });
    const me = (await request(url2).get('/api/user').set('authorization', `Bearer ${p.token}`).expect(200)).body.user;
    expect(me).toEqual(user);
  });

  it('clears id_verified when name, state or date of birth change, not when the bio does', async () => {
    const p = await signupAndLogin(url);
    const auth = { authorization: `Bearer ${p.token}` };
    const verify = () => env.sql(`UPDATE users SET id_verified = true, email_verified = true WHERE id = $1`, [p.userId]);
    await verify();
    let user = (await request(url).put('/api/update-user').set(auth).field('bio', 'Changed bio').field('first_name', 'Jordan').expect(200)).body.user as User;
    expect(user.id_verified).toBe(true); // same name sent again is no change
    expect(user.verified).toBe(true);
    for (const [field, value] of [
      ['first_name', 'Jordy'],
      ['last_name', 'Ballers'],
      ['state', 'NY'],
      ['date_of_birth', '1998-04-13'],
    ]) {
      await verify();
      user = (await request(url).put('/api/update-user').set(auth).field(field, value).expect(200)).body.user as User;
      expect({ field, id_verified: user.id_verified, verified: user.verified }).toEqual({ field, id_verified: false, verified: false });
    }
  });

  it.each([
    [{ first_name: ' ' }, MSG.firstNameRequired],
    [{ date_of_birth: '2020-01-01' }, MSG.tooYoung],
    [{ date_of_birth: '1999-02-30' }, MSG.dobRequired],
    [{ state: 'Atlantis' }, MSG.countryRequired],
    [{ height: `3'11` }, MSG.heightInvalid],
    [{ height: `6'12` }, MSG.heightInvalid],
    [{ preferences: '{"allowMessages":"yes"}' }, MSG.preferencesInvalid],
    [{ preferences: '{"isAdmin":true}' }, MSG.unknownPreference('isAdmin')],
    [{ preferences: 'not json' }, MSG.preferencesInvalid],
    [{ id_verified: 'true' }, MSG.unknownField('id_verified')],
    [{ email: 'x@y.z' }, MSG.unknownField('email')],
  ])('refuses %p with 400 and leaves the account unchanged', async (fields, message) => {
    const p = await signupAndLogin(url);
    const before = await userRow(p.userId);
    let req = request(url).put('/api/update-user').set('authorization', `Bearer ${p.token}`).field('bio', 'should not land');
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    const res = await req.expect(400);
    expect(res.body).toEqual({ message });
    expect(await userRow(p.userId)).toEqual(before);
  });

  it('accepts a JSON body too, and needs a login', async () => {
    const p = await signupAndLogin(url);
    const user = (await request(url).put('/api/update-user').set('authorization', `Bearer ${p.token}`).send({ weight: '', height: '' }).expect(200)).body.user;
    expect(user).toMatchObject({ weight: null, height: null });
    await request(url).put('/api/update-user').field('bio', 'x').expect(401);
  });

  it('re-encodes a photo upright, bounded, without metadata, and every instance serves it with cache busting', async () => {
    const p = await signupAndLogin(url);
    // 2400×1600 stored sideways (EXIF orientation 6): upright it is 1600×2400.
    const photo = await photoWithExif(2400, 1600, 6);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhoneCam');
    const res = await request(url)
      .put('/api/update-user')
      .set('authorization', `Bearer ${p.token}`)
      .attach('photo', photo, { filename: 'me.png', contentType: 'text/plain' })
      .expect(200);
    const user = res.body.user as User;
    expect(user.profile_picture).toBe(`uploads/profile-pictures/${p.userId}.jpg`);
    expect(user.profile_picture_version).toBe(1);

    const served = await request(url2)
      .get(`/${user.profile_picture}?v=${user.profile_picture_version}`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([683, 1024]); // upright and within 1024
    expect(meta.exif).toBeUndefined(); // no camera, no GPS, no orientation tag
    expect(meta.orientation).toBeUndefined();
    expect((served.body as Buffer).toString('latin1')).not.toContain('PhoneCam');
    await request(url).get(`/${user.profile_picture}`).set('if-none-match', served.headers.etag).expect(304);

    const second = (
      await request(url)
        .put('/api/update-user')
        .set('authorization', `Bearer ${p.token}`)
        .attach('photo', await photoWithExif(50, 50), 'again.jpg')
        .expect(200)
    ).body.user as User;
    expect(second.profile_picture_version).toBe(2);
    await request(url).get('/uploads/profile-pictures/999999.jpg').expect(404);
    await request(url).get('/uploads/../etc/passwd').expect(404);
  });

  it('refuses a file that is not an image whatever its name says (415), unchanged account', async () => {
    const p = await signupAndLogin(url);
    const before = await userRow(p.userId);
    const res = await request(url)
      .put('/api/update-user')
      .set('authorization', `Bearer ${p.token}`)
      .field('bio', 'nope')
      .attach('photo', Buffer.from('#!/bin/sh\necho this is not a picture\n'.repeat(20)), { filename: 'photo.jpg', contentType: 'image/jpeg' })
      .expect(415);
    expect(res.body).toEqual({ message: MSG.imageOnly });
    // A real image header with a truncated body is refused too.
    const truncated = (await photoWithExif(400, 300)).subarray(0, 300);
    await request(url).put('/api/update-user').set('authorization', `Bearer ${p.token}`).attach('photo', truncated, 'cut.jpg').expect(415);
    expect(await userRow(p.userId)).toEqual(before);
    expect(await env.sql(`SELECT 1 FROM media WHERE key = $1`, [`profile-pictures/${p.userId}.jpg`])).toHaveLength(0);
  });

  it('answers 413 for a photo over 4 MB while the upload is still streaming, and for a second file 400', async () => {
    const p = await signupAndLogin(url);
    const before = await userRow(p.userId);
    const boundary = 'gotnextboundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const target = new URL(url);
    // Send 4 MB + 64 KB of the file but never finish the request: the answer must come anyway.
    const status = await new Promise<{ status: number; body: string; ended: boolean }>((ok, fail) => {
      const req = http.request({
        host: target.hostname,
        port: target.port,
        path: '/api/update-user',
        method: 'PUT',
        headers: {
          authorization: `Bearer ${p.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 10 * 1024 * 1024),
        },
      });
      const ended = false; // the request is never ended: the rest of the declared 10 MB is never sent
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          ok({ status: res.statusCode ?? 0, body, ended });
          req.destroy();
        });
      });
      req.on('error', fail);
      req.write(head);
      req.write(Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 64 * 1024, 0xff), () => undefined);
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toEqual({ message: MSG.photoTooLarge });
    expect(status.ended).toBe(false);

    const two = await request(url)
      .put('/api/update-user')
      .set('authorization', `Bearer ${p.token}`)
      .attach('photo', await photoWithExif(20, 20), 'a.jpg')
      .attach('photo', await photoWithExif(20, 20), 'b.jpg');
    expect(two.status).toBe(400);
    expect(two.body).toEqual({ message: MSG.oneFileOnly });
    const wrongField = await request(url)
      .put('/api/update-user')
      .set('authorization', `Bearer ${p.token}`)
      .attach('avatar', await photoWithExif(20, 20), 'a.jpg')
      .expect(400);
    expect(wrongField.body).toEqual({ message: MSG.unknownFile('avatar') });
    expect(await userRow(p.userId)).toEqual(before);
  });

  it('soft-deletes: the open socket is revoked at once, the token stops working, login fails, search forgets', async () => {
    const p = await signupAndLogin(url);
    const seeker = await signupAndLogin(url);
    await request(url)
      .put('/api/update-user')
      .set('authorization', `Bearer ${p.token}`)
      .attach('photo', await photoWithExif(40, 40), 'me.jpg')
      .expect(200);
    await request(url).get(`/uploads/profile-pictures/${p.userId}.jpg`).expect(200);
    const socket = connectSocket(url2, p.token);
    sockets.push(socket);
    await socketReady(socket);
    const revoked = nextEvent<{ reason: string }>(socket, 'session:revoked');
    const disconnected = nextEvent<string>(socket, 'disconnect');

    expect((await request(url).delete('/api/delete-account').set('authorization', `Bearer ${p.token}`).send({ password: p.player.password }).expect(200)).body.message).toBe(
      MSG.accountDeleted,
    );
    expect(await revoked).toEqual({ reason: 'account_deleted' });
    await disconnected;

    await request(url2).get('/api/user').set('authorization', `Bearer ${p.token}`).expect(401);
    const login = await request(url).post('/api/login').send({ identifier: p.player.username, password: p.player.password }).expect(401);
    expect(login.body.message).toBe(MSG.invalidCredentials);
    const found = await request(url).get(`/api/players?query=${p.player.username}`).set('authorization', `Bearer ${seeker.token}`).expect(200);
    expect(found.body.players).toEqual([]);
    const [row] = await env.sql<{ deleted_at: Date | null; username: string }>(`SELECT deleted_at, username FROM users WHERE id = $1`, [p.userId]);
    expect(row.deleted_at).not.toBeNull(); // the row stays: username and e-mail remain reserved
    await request(url).get(`/uploads/profile-pictures/${p.userId}.jpg`).expect(404); // the picture went with the player
    const again = await request(url)
      .post('/api/signup')
      .send({ ...p.player, email: `x${p.player.email}` })
      .expect(409);
    expect(again.body.message).toBe(MSG.usernameTaken);
  });
});
