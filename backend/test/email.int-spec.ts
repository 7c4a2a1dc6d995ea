import type { Queue } from 'bullmq';
import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import { MSG } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { signupAndLogin } from './support/players';

describe('e-mail flows through the email job and a real SMTP server', () => {
  let env: TestEnv;
  let url: string;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    env = await createTestEnv({ SMTP_URL: smtpUrl });
    url = (await env.startApi()).url;
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
    await smtp.stop();
  });

  it('sends a verification mail whose link verifies the e-mail once', async () => {
    const { player, token, userId } = await signupAndLogin(url);
    const atSignup = await smtp.waitFor(player.email); // sent with the new account; this newer one replaces it
    const sent = await request(url).post('/api/send-verification-email').set('authorization', `Bearer ${token}`).send({}).expect(200);
    expect(sent.body.message).toBe(MSG.verificationEmailSent);

    const mail = await smtp.waitFor(player.email, (m) => m !== atSignup);
    const link = linkIn(mail.raw, 'verify-email');
    expect(link.startsWith('http://gotnext.test/verify-email/')).toBe(true); // from PUBLIC_URL, not the Host header
    const rawToken = link.split('/').pop()!;
    const [stored] = await env.sql<{ token_hash: string }>(`SELECT token_hash FROM email_tokens WHERE user_id = $1`, [userId]);
    expect(stored.token_hash).not.toBe(rawToken); // only the hash is kept
    expect(stored.token_hash).toHaveLength(64);

    const verified = await request(url).get(`/api/verify-email/${rawToken}`).expect(200);
    expect(verified.body.message).toBe(MSG.emailVerified);
    const me = await request(url).get('/api/user').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.user.email_verified).toBe(true);
    expect(me.body.user.verified).toBe(false); // ID not checked yet

    // Opened again: the address is verified already, and the answer says so (docs/accounts.md#e-mail-verification).
    const again = await request(url).get(`/api/verify-email/${rawToken}`).expect(200);
    expect(again.body.message).toBe(MSG.emailAlreadyVerified);
  });

  it('replaces an older verification token with a newer one', async () => {
    const { player, token } = await signupAndLogin(url);
    const auth = { authorization: `Bearer ${token}` };
    const atSignup = await smtp.waitFor(player.email);
    await request(url).post('/api/send-verification-email').set(auth).send({}).expect(200);
    const first = linkIn((await smtp.waitFor(player.email, (m) => m !== atSignup)).raw, 'verify-email');
    await request(url).post('/api/send-verification-email').set(auth).send({}).expect(200);
    const second = linkIn((await smtp.waitFor(player.email, (m) => m !== atSignup && !m.raw.includes(first.split('/').pop()!))).raw, 'verify-email');
    await request(url)
      .get(`/api/verify-email/${first.split('/').pop()}`)
      .expect(400);
    await request(url)
      .get(`/api/verify-email/${second.split('/').pop()}`)
      .expect(200);
  });

  it('answers forgot-password the same whether or not the address exists', async () => {
    const { player } = await signupAndLogin(url);
    const known = await request(url).post('/api/forgot-password').send({ email: player.email }).expect(200);
    const unknown = await request(url).post('/api/forgot-password').send({ email: 'nobody@example.com' }).expect(200);
    expect(known.body).toEqual(unknown.body);
    expect((await request(url).post('/api/forgot-password').send({}).expect(400)).body.message).toBe(MSG.emailRequired);
  });

  it('resets the password by the mailed link, revokes every session and open socket, and the link works once', async () => {
    const { player, token, userId } = await signupAndLogin(url);
    const other = await request(url).post('/api/login').send({ identifier: player.email, password: player.password }).expect(200);
    const socket: Socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true });
    await new Promise((ok) => socket.once('session:ready', ok));
    const revoked = new Promise<string>((ok) => socket.once('session:revoked', (p) => ok(p.reason)));
    const disconnected = new Promise((ok) => socket.once('disconnect', ok));

    await request(url).post('/api/forgot-password').send({ email: player.email }).expect(200);
    const link = linkIn((await smtp.waitFor(player.email, (m) => m.raw.includes('reset-password'))).raw, 'reset-password');
    const resetToken = link.split('/').pop()!;
    expect(link.startsWith('http://gotnext.test/reset-password/')).toBe(true);

    expect((await request(url).post('/api/reset-password').send({ token: resetToken }).expect(400)).body.message).toBe(MSG.bothPasswordsRequired);
    expect((await request(url).post('/api/reset-password').send({ password: 'Fresh-Court-42' }).expect(400)).body.message).toBe(MSG.invalidToken);
    await request(url).post('/api/reset-password').send({ token: resetToken, password: 'Fresh-Court-42' }).expect(200);

    expect(await revoked).toBe('password_reset');
    await disconnected;
    socket.close();
    await request(url).get('/api/user').set('authorization', `Bearer ${token}`).expect(401);
    await request(url).get('/api/user').set('authorization', `Bearer ${other.body.token}`).expect(401);
    await request(url).post('/api/login').send({ identifier: player.username, password: player.password }).expect(401);
    await request(url).post('/api/login').send({ identifier: player.username, password: 'Fresh-Court-42' }).expect(200);
    const reused = await request(url).post('/api/reset-password').send({ token: resetToken, password: 'Other-Court-43' }).expect(400);
    expect(reused.body.message).toBe(MSG.invalidToken);
    const [row] = await env.sql<{ n: string }>(`SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    expect(row.n).toBe('1'); // only the login after the reset
  });

  it('runs one mail job per job id: a duplicate enqueue is a no-op', async () => {
    const { player, userId } = await signupAndLogin(url);
    const atSignup = await smtp.waitFor(player.email); // the signup mail
    const { app } = await env.startApi();
    const queue = app.get<Queue>('QUEUE_email');
    const data = { kind: 'verify_email' as const, userId };
    await queue.add('verify_email', data, { jobId: 'verify_email-dup-1' });
    await queue.add('verify_email', data, { jobId: 'verify_email-dup-1' });
    await smtp.waitFor(player.email, (m) => m !== atSignup);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.to.includes(player.email))).toHaveLength(2); // the signup mail and one of the two
  });
});
