import request from 'supertest';
import { MSG, type MatchDetails } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, createMatch, details, join, player, report, resolve, start } from './support/matches';
import { signupAndLogin } from './support/players';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { connectSocket, nextEvent, socketReady, socketTracker } from './support/sockets';

/** Issue #14's server side: what the lobby shows beside names, the target, the signup mail, links opened again, bells told when a match ends. */
describe('the play loop on a phone (server side)', () => {
  let env: TestEnv;
  let url: string;
  const smtp = new SmtpSink();
  const sockets = socketTracker();

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    env = await createTestEnv({ SMTP_URL: smtpUrl });
    url = (await env.startApi()).url;
    await env.startWorker();
  });
  afterAll(async () => {
    sockets.closeAll();
    await env.close();
    await smtp.stop();
  });

  it("match details carry the target, each player's rating (unless hidden from others) and verified mark", async () => {
    const host = await player(env, url, true);
    const guest = await player(env, url, false);
    await env.sql(`UPDATE users SET preferences = '{"displayRating": false}'::jsonb WHERE id = $1`, [guest.userId]);
    const created = await createMatch(url, host, '1v1', { scoringType: '2s & 3s to 21' });
    await join(url, guest, '1v1', created.match_code).expect(200);

    const seenByHost = (await details(url, host, created.match_id).expect(200)).body as MatchDetails;
    expect(seenByHost.target_score).toBe(21);
    expect(seenByHost.teamA).toEqual([expect.objectContaining({ user_id: host.userId, rating: '4.000', verified: true })]);
    expect(seenByHost.team_b[0]).toMatchObject({ user_id: guest.userId, verified: false });
    expect(seenByHost.team_b[0]).not.toHaveProperty('rating'); // the guest hides their rating from others
    expect(seenByHost.opponent).toMatchObject({ user_id: guest.userId, verified: false });

    const seenByGuest = (await details(url, guest, created.match_id).expect(200)).body as MatchDetails;
    expect(seenByGuest.teamB[0]).toMatchObject({ user_id: guest.userId, rating: '4.000' }); // a player always sees their own
    expect(seenByGuest.opponent).toMatchObject({ user_id: host.userId, rating: '4.000', verified: true });
  });

  it('sends the verification mail at signup; the link verifies once, then says the address is verified', async () => {
    const { player: p, token } = await signupAndLogin(url);
    const mail = await smtp.waitFor(p.email);
    const raw = linkIn(mail.raw, 'verify-email').split('/').pop()!;
    expect((await request(url).get(`/api/verify-email/${raw}`).expect(200)).body.message).toBe(MSG.emailVerified);
    expect((await request(url).get(`/api/verify-email/${raw}`).expect(200)).body.message).toBe(MSG.emailAlreadyVerified);
    const me = await request(url).get('/api/user').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.user.email_verified).toBe(true);
    // A link nobody issued stays an error.
    expect(
      (
        await request(url)
          .get(`/api/verify-email/${'x'.repeat(43)}`)
          .expect(400)
      ).body.message,
    ).toBe(MSG.verificationLinkInvalid);
  });

  it('a newer mail from /verification replaces the signup one; a used link of an unverified address stays invalid', async () => {
    const { player: p, token, userId } = await signupAndLogin(url);
    const first = linkIn((await smtp.waitFor(p.email)).raw, 'verify-email')
      .split('/')
      .pop()!;
    await request(url).post('/api/send-verification-email').set('authorization', `Bearer ${token}`).send({}).expect(200);
    const second = linkIn((await smtp.waitFor(p.email, (m) => !m.raw.includes(first))).raw, 'verify-email')
      .split('/')
      .pop()!;
    expect((await request(url).get(`/api/verify-email/${first}`).expect(400)).body.message).toBe(MSG.verificationLinkInvalid);
    const [row] = await env.sql<{ email_verified: boolean }>(`SELECT email_verified FROM users WHERE id = $1`, [userId]);
    expect(row.email_verified).toBe(false);
    await request(url).get(`/api/verify-email/${second}`).expect(200);
  });

  it("tells the bell of every player holding the match's notifications when it ends, so a stale Resolve Dispute goes", async () => {
    const a = await player(env, url);
    const b = await player(env, url);
    const created = await createMatch(url, a, '1v1');
    await join(url, b, '1v1', created.match_code).expect(200);
    await start(url, a, created.match_id).expect(200);
    await report(url, a, '1v1', created.match_id, 5, 3).expect(200);
    await report(url, b, '1v1', created.match_id, 5, 3).expect(200); // b says b won: disputed
    const list = await request(url).get('/api/notifications').set(auth(b)).expect(200);
    const dispute = list.body.notifications.find((n: { type: string }) => n.type === 'dispute');
    expect(dispute).toMatchObject({ matchId: created.match_id, disputeResolved: false, matchCompleted: false });

    const socket = sockets.track(connectSocket(url, b.token));
    await socketReady(socket);
    const told = nextEvent<{ match_id: number }>(socket, 'notifications:changed');
    await resolve(url, a, '1v1', created.match_id, 5, 4).expect(200);
    await resolve(url, b, '1v1', created.match_id, 4, 5).expect(200);
    expect(await told).toEqual({ match_id: created.match_id });
    const after = await request(url).get('/api/notifications').set(auth(b)).expect(200);
    expect(after.body.notifications.find((n: { id: number }) => n.id === dispute.id)).toMatchObject({ disputeResolved: true, matchCompleted: true });
  });
});
