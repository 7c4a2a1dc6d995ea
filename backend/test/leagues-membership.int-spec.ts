import request from 'supertest';
import { LEAGUE_NAME_MAX_LENGTH, MSG, type League, type LeagueSummary } from '@gotnext/shared';
import { TestEnv, useTestApp } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { PLAYER_PASSWORD } from './support/players';
import { createLeague, getLeague, invite, joinLeague, leagueName, leagueOf, leaveLeague } from './support/leagues';

/** Leagues: creating, finding, joining, leaving, the administrator leaving, archiving, deleted players (docs/leagues.md). */
describe('leagues and their members', () => {
  let env: TestEnv;
  let url: string;

  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  const names = (leagues: LeagueSummary[]) => leagues.map((l) => l.name);
  const search = async (viewer: Player | null, query: string): Promise<LeagueSummary[]> => {
    const req = request(url).get('/api/leagues').query({ query });
    return (await (viewer ? req.set(auth(viewer)) : req).expect(200)).body.leagues;
  };
  const mine = async (p: Player): Promise<LeagueSummary[]> => (await request(url).get('/api/leagues/my').set(auth(p)).expect(200)).body.leagues;
  const memberIds = (league: League) => league.member_details.map((m) => m.user_id);
  const storedLeague = async (id: number) =>
    (await env.sql<{ creator_id: number; archived: boolean }>(`SELECT creator_id, archived_at IS NOT NULL AS archived FROM leagues WHERE id = $1`, [id]))[0];

  it('creates a league with the caller as administrator and first member; the name is required, bounded and unique whatever the case', async () => {
    const ann = await player(env, url, false);
    const name = leagueName('Tuesday Run');
    const res = await request(url)
      .post('/api/leagues')
      .set(auth(ann))
      .send({ name: `  ${name.replace(' ', '   ')} `, is_private: false, creator_id: ann.userId })
      .expect(201);
    expect(res.body.message).toBe(MSG.leagueCreated);
    const league: League = res.body.league;
    expect(league).toMatchObject({
      name,
      creator_id: ann.userId,
      is_private: false,
      allow_member_matches: true,
      verified_players_only: false,
      allow_members_invite: true,
      league_image: null,
      league_image_version: 0,
      member_count: 1,
      members: [{ user_id: ann.userId, username: ann.username, league_permissions: { can_edit_settings: true, can_create_match_history: true, allow_invites: true } }],
      member_details: [{ user_id: ann.userId, username: ann.username, profile_picture: null, profile_picture_version: 0 }],
      member_permissions: { [ann.userId]: { can_edit_settings: true, can_create_match_history: true, allow_invites: true } },
      viewer: {
        is_member: true,
        invite: null,
        can_view_details: true,
        pending_invites: [],
        rights: { is_admin: true, can_edit_settings: true, can_create_match_history: true, allow_invites: true, can_create_match: true },
      },
    });

    const bob = await player(env, url, false);
    const refused = async (body: object, status: number, message: string) =>
      expect((await request(url).post('/api/leagues').set(auth(bob)).send(body).expect(status)).body.message).toBe(message);
    await refused({ name: name.toUpperCase() }, 409, MSG.leagueNameTaken);
    await refused({ name: '   ' }, 400, MSG.leagueNameRequired);
    await refused({}, 400, MSG.leagueNameRequired);
    await refused({ name: 'x'.repeat(LEAGUE_NAME_MAX_LENGTH + 1) }, 400, MSG.leagueNameTooLong);
    await refused({ name: leagueName(), creator_id: ann.userId }, 403, MSG.forbiddenActor);
    await refused({ name: leagueName(), is_private: 'yes' }, 400, MSG.leagueSettingInvalid);
    await refused({ name: leagueName(), owner: 1 }, 400, MSG.unknownField('owner'));
    await request(url).post('/api/leagues').send({ name: leagueName() }).expect(401);
    expect((await env.sql(`SELECT count(*)::int AS n FROM leagues WHERE creator_id = $1`, [bob.userId]))[0]).toEqual({ n: 0 });

    // Two players racing for one name: one league.
    const racer = leagueName('Race');
    const results = await Promise.all([ann, bob].map((p) => request(url).post('/api/leagues').set(auth(p)).send({ name: racer })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('finds leagues by name, hiding private ones from everyone but their members; My Leagues lists the caller’s own', async () => {
    const ann = await player(env, url, false);
    const bob = await player(env, url, false);
    const tag = leagueName('Zeta').replace(/\s/g, '');
    const open = await createLeague(url, ann, { name: `${tag} Open` });
    const secret = await createLeague(url, ann, { name: `${tag} Secret`, isPrivate: true });
    await invite(url, ann, secret.league_id, bob).expect(201);

    expect(names(await search(ann, tag.toLowerCase()))).toEqual([`${tag} Open`, `${tag} Secret`]);
    expect(names(await search(bob, tag))).toEqual([`${tag} Open`]); // an invitee does not find it either
    expect(names(await search(null, tag))).toEqual([`${tag} Open`]);
    expect((await search(bob, tag))[0]).toMatchObject({ league_id: open.league_id, member_count: 1, is_member: false, is_private: false, creator_id: ann.userId });
    expect(await search(bob, `${tag}%`)).toEqual([]); // a typed % is a letter, not a wildcard

    expect(names(await mine(ann)).filter((n) => n.startsWith(tag))).toEqual([`${tag} Open`, `${tag} Secret`]);
    expect(await mine(bob)).toEqual([]);
    await request(url).get('/api/leagues/my').expect(401);
  });

  it('a public league: anyone reads it; a player joins and leaves; twice is refused; payload ids must be the caller', async () => {
    const ann = await player(env, url, false);
    const bob = await player(env, url, false);
    const league = await createLeague(url, ann);
    const visitor = await leagueOf(url, null, league.league_id);
    expect(visitor.viewer).toMatchObject({ is_member: false, can_view_details: true, rights: { is_admin: false, allow_invites: false } });
    expect(memberIds(visitor)).toEqual([ann.userId]);

    expect((await request(url).post('/api/leagues/join').set(auth(bob)).send({ league_id: league.league_id, user_id: ann.userId }).expect(403)).body.message).toBe(
      MSG.forbiddenActor,
    );
    const joined = await joinLeague(url, bob, league.league_id).expect(200);
    expect(joined.body).toEqual({
      message: MSG.leagueJoined,
      member: {
        user_id: bob.userId,
        username: bob.username,
        profile_picture: null,
        profile_picture_version: 0,
        league_permissions: { can_edit_settings: false, can_create_match_history: false, allow_invites: false },
      },
    });
    expect((await joinLeague(url, bob, league.league_id).expect(409)).body.message).toBe(MSG.alreadyLeagueMember);
    const asBob = await leagueOf(url, bob, league.league_id);
    expect(memberIds(asBob)).toEqual([ann.userId, bob.userId]);
    expect(asBob.viewer.rights).toEqual({ is_admin: false, can_edit_settings: false, can_create_match_history: false, allow_invites: true, can_create_match: true }); // the two defaults on

    expect((await request(url).post('/api/leagues/leave').set(auth(bob)).send({ league_id: league.league_id, user_id: ann.userId }).expect(403)).body.message).toBe(
      MSG.forbiddenActor,
    );
    expect((await leaveLeague(url, bob, league.league_id).expect(200)).body).toMatchObject({ message: MSG.leagueLeft, member: { user_id: bob.userId } });
    expect((await leaveLeague(url, bob, league.league_id).expect(409)).body.message).toBe(MSG.notLeagueMember);
    expect(memberIds(await leagueOf(url, ann, league.league_id))).toEqual([ann.userId]);

    for (const bad of [999999, 0, 'x']) expect((await joinLeague(url, bob, bad as number)).body.message).toBe(MSG.leagueNotFound);
    for (const path of ['/api/leagues/999999', '/api/leagues/abc', '/api/leagues/0']) expect((await request(url).get(path).expect(404)).body.message).toBe(MSG.leagueNotFound);
    await request(url).post('/api/leagues/join').send({ league_id: league.league_id }).expect(401);
  });

  it('a private league: invisible to outsiders on every read, joined only through an invite; its invitee sees the name only', async () => {
    const ann = await player(env, url, false);
    const bob = await player(env, url, false);
    const eve = await player(env, url, false);
    const league = await createLeague(url, ann, { isPrivate: true });
    for (const viewer of [eve, null]) expect((await getLeague(url, viewer, league.league_id).expect(404)).body.message).toBe(MSG.leagueNotFound);
    expect((await joinLeague(url, eve, league.league_id).expect(404)).body.message).toBe(MSG.leagueNotFound);
    expect((await request(url).get(`/api/leagues/chat/${league.league_id}`).set(auth(eve)).expect(404)).body.message).toBe(MSG.leagueNotFound);
    expect((await invite(url, eve, league.league_id, bob).expect(404)).body.message).toBe(MSG.leagueNotFound);
    expect((await request(url).put(`/api/leagues/${league.league_id}`).set(auth(eve)).field('is_private', 'false').expect(404)).body.message).toBe(MSG.leagueNotFound);

    await invite(url, ann, league.league_id, bob).expect(201);
    const preview = await leagueOf(url, bob, league.league_id);
    expect(preview).toMatchObject({
      name: league.name,
      is_private: true,
      league_image: null,
      member_count: 0,
      members: [],
      member_details: [],
      member_permissions: {},
      viewer: { is_member: false, can_view_details: false, invite: { inviter_username: ann.username }, pending_invites: [] },
    });
    // The invite lets Bob see the name, not the chat.
    expect((await request(url).get(`/api/leagues/chat/${league.league_id}`).set(auth(bob)).expect(403)).body.message).toBe(MSG.leagueMembersOnly);

    await joinLeague(url, bob, league.league_id).expect(200);
    const asMember = await leagueOf(url, bob, league.league_id);
    expect(asMember.viewer).toMatchObject({ is_member: true, can_view_details: true, invite: null });
    expect(memberIds(asMember)).toEqual([ann.userId, bob.userId]);
    expect((await env.sql(`SELECT count(*)::int AS n FROM league_invites WHERE league_id = $1`, [league.league_id]))[0]).toEqual({ n: 0 }); // used up

    // Once out, the private league is gone for him again.
    await leaveLeague(url, bob, league.league_id).expect(200);
    await getLeague(url, bob, league.league_id).expect(404);
  });

  it('verified_players_only refuses unverified players at join with a clear message', async () => {
    const ann = await player(env, url);
    const unverified = await player(env, url, false);
    const verified = await player(env, url, true);
    const league = await createLeague(url, ann);
    await request(url).put(`/api/leagues/${league.league_id}`).set(auth(ann)).field('verified_players_only', 'true').expect(200);
    expect((await joinLeague(url, unverified, league.league_id).expect(403)).body.message).toBe(MSG.leagueVerifiedOnly);
    await joinLeague(url, verified, league.league_id).expect(200);
    expect(memberIds(await leagueOf(url, ann, league.league_id))).toEqual([ann.userId, verified.userId]);
  });

  it('an administrator who leaves hands the league to the longest-standing member; the last one out archives it, and it is kept', async () => {
    const [ann, bob, cat, dan] = [await player(env, url, false), await player(env, url, false), await player(env, url, false), await player(env, url, false)];
    const league = await createLeague(url, ann);
    for (const p of [bob, cat, dan]) await joinLeague(url, p, league.league_id).expect(200);
    await leaveLeague(url, ann, league.league_id).expect(200);

    const asBob = await leagueOf(url, bob, league.league_id);
    expect(asBob.creator_id).toBe(bob.userId);
    expect(asBob.viewer.rights.is_admin).toBe(true);
    expect(memberIds(asBob)).toEqual([bob.userId, cat.userId, dan.userId]);
    expect(asBob.member_permissions[bob.userId]).toEqual({ can_edit_settings: true, can_create_match_history: true, allow_invites: true });
    // The new administrator can do what the old one could.
    await request(url).put(`/api/leagues/${league.league_id}`).set(auth(bob)).field('is_private', 'true').expect(200);

    // Ann comes back as an ordinary member; Bob leaves too: Cat joined before Ann's return.
    await invite(url, bob, league.league_id, ann).expect(201);
    await joinLeague(url, ann, league.league_id).expect(200);
    await leaveLeague(url, bob, league.league_id).expect(200);
    expect((await storedLeague(league.league_id)).creator_id).toBe(cat.userId);

    for (const p of [cat, dan, ann]) await leaveLeague(url, p, league.league_id).expect(200);
    expect(await storedLeague(league.league_id)).toEqual({ creator_id: ann.userId, archived: true });
    await getLeague(url, ann, league.league_id).expect(404);
    await joinLeague(url, ann, league.league_id).expect(404);
    // Its name is free again for a new league.
    await createLeague(url, dan, { name: league.name });
  });

  it('a deleted player disappears from member lists at once; a league they ran passes on', async () => {
    const ann = await player(env, url, false);
    const bob = await player(env, url, false);
    const cat = await player(env, url, false);
    const league = await createLeague(url, ann);
    await joinLeague(url, bob, league.league_id).expect(200);
    await joinLeague(url, cat, league.league_id).expect(200);
    const solo = await createLeague(url, ann);
    await request(url).delete('/api/delete-account').set(auth(ann)).send({ password: PLAYER_PASSWORD }).expect(200);

    const asCat = await leagueOf(url, cat, league.league_id);
    expect(memberIds(asCat)).toEqual([bob.userId, cat.userId]);
    expect(asCat.creator_id).toBe(bob.userId);
    expect(asCat.member_count).toBe(2);
    expect((await storedLeague(solo.league_id)).archived).toBe(true);
  });
});
