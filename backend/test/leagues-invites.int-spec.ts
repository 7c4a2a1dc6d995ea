import request from 'supertest';
import { MSG, NOTIFICATION_TYPES, notificationAction, type NotificationEvent } from '@gotnext/shared';
import { TestEnv } from './support/harness';
import { auth, player } from './support/matches';
import { PLAYER_PASSWORD } from './support/players';
import { block, useTwoInstances } from './support/social';
import { nextEvent } from './support/sockets';
import { createLeague, declineInvite, invite, joinLeague, leagueOf } from './support/leagues';

/** Invites (docs/leagues.md#invites), across two API instances. */
describe('league invites', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  const open = useTwoInstances((app) => ({ env, one, two } = app));

  const pending = async (leagueId: number) =>
    (await env.sql<{ invitee_id: number }>(`SELECT invitee_id FROM league_invites WHERE league_id = $1 ORDER BY invitee_id`, [leagueId])).map((r) => r.invitee_id);

  it('an invite reaches the invitee live on another instance as a league_invite with View Invite; they accept by joining', async () => {
    const ann = await player(env, one, false);
    const bob = await player(env, one, false);
    const league = await createLeague(one, ann, { isPrivate: true });
    const bobSocket = await open(two, bob);
    const pushed = nextEvent<NotificationEvent>(bobSocket, 'notification:new');

    expect((await invite(one, ann, league.league_id, bob).expect(201)).body).toEqual({ message: MSG.inviteSent });
    const notice = await pushed;
    expect(notice).toMatchObject({ type: NOTIFICATION_TYPES.leagueInvite, league_id: league.league_id, message: MSG.leagueInviteNotice(ann.username, league.name), read: false });
    expect(notificationAction(notice)).toEqual({ label: 'View Invite', to: `/league/${league.league_id}` });
    const listed = (await request(two).get('/api/notifications').set(auth(bob)).expect(200)).body.notifications;
    expect(listed.find((n: { type: string }) => n.type === NOTIFICATION_TYPES.leagueInvite)).toMatchObject({ id: notice.id, league_id: league.league_id });
    expect((await leagueOf(one, ann, league.league_id)).viewer.pending_invites).toEqual([bob.userId]);

    await joinLeague(two, bob, league.league_id).expect(200);
    expect(await pending(league.league_id)).toEqual([]);
  });

  it('one pending invite per league and player; members, blocked pairs, oneself, the deleted are refused; the payload inviter must be the caller', async () => {
    const [ann, bob, cat, blocker, blocked, gone] = await Promise.all(Array.from({ length: 6 }, () => player(env, one, false)));
    const league = await createLeague(one, ann);
    await joinLeague(one, bob, league.league_id).expect(200);
    await block(one, blocker, ann);
    await block(one, ann, blocked);
    await request(one).delete('/api/delete-account').set(auth(gone)).send({ password: PLAYER_PASSWORD }).expect(200);

    await invite(one, ann, league.league_id, cat).expect(201);
    const refused = async (to: number, status: number, message: string) => expect((await invite(two, ann, league.league_id, to).expect(status)).body.message).toBe(message);
    await refused(cat.userId, 409, MSG.alreadyInvited);
    await refused(bob.userId, 409, MSG.inviteeAlreadyMember);
    await refused(blocker.userId, 403, MSG.inviteRefused);
    await refused(blocked.userId, 403, MSG.inviteRefused);
    await refused(ann.userId, 400, MSG.cannotInviteSelf);
    await refused(gone.userId, 404, MSG.playerNotFound);
    await refused(999999, 404, MSG.playerNotFound);
    expect(
      (await request(one).post('/api/leagues/invite').set(auth(bob)).send({ league_id: league.league_id, inviter_id: ann.userId, invitee_id: blocked.userId }).expect(403)).body
        .message,
    ).toBe(MSG.forbiddenActor);
    expect((await request(one).post('/api/leagues/invite').set(auth(ann)).send({ league_id: league.league_id }).expect(400)).body.message).toBe(MSG.playerNotFound);
    expect(await pending(league.league_id)).toEqual([cat.userId]);

    // Two invites racing for the same player: one is stored, one notification.
    const dan = await player(env, one, false);
    const results = await Promise.all([invite(one, ann, league.league_id, dan), invite(two, bob, league.league_id, dan)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await env.sql(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'league_invite'`, [dan.userId]))[0]).toEqual({ n: 1 });
  });

  it('declining removes the invite: a private league is hidden again, and the player can be invited anew', async () => {
    const ann = await player(env, one, false);
    const bob = await player(env, one, false);
    const league = await createLeague(one, ann, { isPrivate: true });
    await invite(one, ann, league.league_id, bob).expect(201);
    expect((await declineInvite(two, bob, league.league_id).expect(200)).body).toEqual({ message: MSG.inviteDeclined });
    expect((await declineInvite(two, bob, league.league_id).expect(404)).body.message).toBe(MSG.inviteNotFound);
    await request(one).get(`/api/leagues/${league.league_id}`).set(auth(bob)).expect(404);
    await joinLeague(one, bob, league.league_id).expect(404);
    await invite(one, ann, league.league_id, bob).expect(201);
  });
});
