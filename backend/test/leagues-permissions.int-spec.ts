import request from 'supertest';
import sharp from 'sharp';
import { MSG, PROFILE_PHOTO_MAX_BYTES, type League, type LeaguePermissions } from '@gotnext/shared';
import { TestEnv, useTestApp } from './support/harness';
import { photoWithExif } from './support/images';
import { auth, player, type Player } from './support/matches';
import { createLeague, invite, joinLeague, leagueOf, setRights, updateSettings } from './support/leagues';

/**
 * Per-member rights and the settings call across two API instances (docs/leagues.md#permissions,
 * docs/leagues.md#settings): every right granted and revoked, each revocation biting on the very
 * next request, on the other instance.
 */
describe('league rights and settings', () => {
  let env: TestEnv;
  let one: string;
  let two: string;

  useTestApp({ apis: 2 }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((a) => a.url);
  });

  /** A league of `admin` with `members` joined, the two league-wide toggles off unless asked. */
  async function league(admin: Player, members: Player[], toggles: Record<string, string> = { allow_members_invite: 'false', allow_member_matches: 'false' }): Promise<League> {
    const created = await createLeague(one, admin);
    for (const m of members) await joinLeague(one, m, created.league_id).expect(200);
    await updateSettings(one, admin, created.league_id, toggles).expect(200);
    return created;
  }
  const rightsOf = async (url: string, p: Player, id: number) => (await leagueOf(url, p, id)).viewer.rights;
  const editSettings = (url: string, p: Player, id: number) => updateSettings(url, p, id, { is_private: 'false' });

  it('can_edit_settings: granted, the member changes settings; revoked, refused on the next request on the other instance', async () => {
    const [ann, bob] = [await player(env, one, false), await player(env, one, false)];
    const { league_id: id } = await league(ann, [bob]);
    expect((await editSettings(two, bob, id).expect(403)).body.message).toBe(MSG.noSettingsPermission);

    await setRights(one, ann, id, bob, { can_edit_settings: true });
    expect((await rightsOf(two, bob, id)).can_edit_settings).toBe(true);
    expect((await editSettings(two, bob, id).expect(200)).body.message).toBe(MSG.leagueSettingsUpdated);

    await setRights(one, ann, id, bob, { can_edit_settings: false });
    expect((await editSettings(two, bob, id).expect(403)).body.message).toBe(MSG.noSettingsPermission);
    expect((await rightsOf(two, bob, id)).can_edit_settings).toBe(false);
  });

  it('allow_invites: granted, the member invites; revoked, refused on the next request', async () => {
    const [ann, bob, cat, dan] = [await player(env, one, false), await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const { league_id: id } = await league(ann, [bob]);
    expect((await invite(two, bob, id, cat).expect(403)).body.message).toBe(MSG.noInvitePermission);

    await setRights(one, ann, id, bob, { allow_invites: true });
    expect((await invite(two, bob, id, cat).expect(201)).body.message).toBe(MSG.inviteSent);
    await setRights(one, ann, id, bob, { allow_invites: false });
    expect((await invite(two, bob, id, dan).expect(403)).body.message).toBe(MSG.noInvitePermission);
  });

  it('allow_members_invite grants invites to every member while on', async () => {
    const [ann, bob, cat, dan] = [await player(env, one, false), await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const { league_id: id } = await league(ann, [bob]);
    await invite(two, bob, id, cat).expect(403);
    await updateSettings(one, ann, id, { allow_members_invite: 'true' }).expect(200);
    expect((await rightsOf(two, bob, id)).allow_invites).toBe(true);
    await invite(two, bob, id, cat).expect(201);
    await updateSettings(one, ann, id, { allow_members_invite: 'false' }).expect(200);
    await invite(two, bob, id, dan).expect(403);
  });

  it('can_create_match_history (and allow_member_matches): granted and revoked, the member’s rights follow on the next request', async () => {
    const [ann, bob] = [await player(env, one, false), await player(env, one, false)];
    const { league_id: id } = await league(ann, [bob]);
    expect(await rightsOf(two, bob, id)).toMatchObject({ can_create_match_history: false, can_create_match: false });
    await setRights(one, ann, id, bob, { can_create_match_history: true });
    expect(await rightsOf(two, bob, id)).toMatchObject({ can_create_match_history: true, can_create_match: true });
    await setRights(one, ann, id, bob, { can_create_match_history: false });
    expect(await rightsOf(two, bob, id)).toMatchObject({ can_create_match_history: false, can_create_match: false });
    await updateSettings(one, ann, id, { allow_member_matches: 'true' }).expect(200);
    expect(await rightsOf(two, bob, id)).toMatchObject({ can_create_match_history: false, can_create_match: true });
  });

  it('a member cannot grant (or take) a right they lack, nor touch the administrator or themselves; non-members get nothing', async () => {
    const [ann, bob, cat, out] = [await player(env, one, false), await player(env, one, false), await player(env, one, false), await player(env, one, false)];
    const { league_id: id } = await league(ann, [bob, cat]);
    await setRights(one, ann, id, bob, { can_edit_settings: true, allow_invites: true });
    await setRights(one, ann, id, cat, { can_create_match_history: true });
    const refused = async (by: Player, perms: Record<number, Partial<LeaguePermissions>>, status: number, message: string, fields: Record<string, string> = {}) =>
      expect((await updateSettings(two, by, id, fields, perms).expect(status)).body.message).toBe(message);

    // Bob edits settings and invites, but cannot add match history: he can hand out only the first two.
    await refused(bob, { [cat.userId]: { can_create_match_history: false } }, 403, MSG.cannotGrantLacking);
    await refused(bob, { [cat.userId]: { allow_invites: true, can_create_match_history: false } }, 403, MSG.cannotGrantLacking); // all or nothing
    await refused(bob, {}, 403, MSG.cannotGrantLacking, { allow_member_matches: 'true' });
    await refused(bob, { [ann.userId]: { allow_invites: false } }, 403, MSG.creatorPermissionsFixed);
    await refused(bob, { [bob.userId]: { can_create_match_history: true } }, 403, MSG.ownPermissionsFixed);
    await refused(bob, { [out.userId]: { allow_invites: true } }, 400, MSG.permissionsNotMember);
    await refused(cat, { [bob.userId]: { allow_invites: false } }, 403, MSG.noSettingsPermission);
    await refused(out, {}, 403, MSG.noSettingsPermission, { is_private: 'true' });
    // Nothing of the refused calls was stored.
    const asAnn = await leagueOf(one, ann, id);
    expect(asAnn.member_permissions[cat.userId]).toEqual({ can_edit_settings: false, can_create_match_history: true, allow_invites: false });
    expect(asAnn.allow_member_matches).toBe(false);

    // What he holds he may hand on, and take back; entries that change nothing (the administrator's, his own) are fine.
    await updateSettings(
      two,
      bob,
      id,
      { allow_members_invite: 'true', is_private: 'true' },
      {
        [cat.userId]: { can_edit_settings: true, allow_invites: true },
        [ann.userId]: { can_edit_settings: true, can_create_match_history: true, allow_invites: true },
        [bob.userId]: { can_edit_settings: true },
      },
    ).expect(200);
    const after = await leagueOf(one, ann, id);
    expect(after).toMatchObject({ is_private: true, allow_members_invite: true });
    expect(after.member_permissions[cat.userId]).toEqual({ can_edit_settings: true, can_create_match_history: true, allow_invites: true });
    await setRights(two, bob, id, cat, { can_edit_settings: false });
    expect((await leagueOf(one, ann, id)).member_permissions[cat.userId].can_edit_settings).toBe(false);
  });

  it('refuses malformed settings with a 400 and leaves the league unchanged', async () => {
    const ann = await player(env, one, false);
    const { league_id: id } = await league(ann, []);
    const bad = async (fields: Record<string, string>, message: string) => expect((await updateSettings(one, ann, id, fields).expect(400)).body.message).toBe(message);
    await bad({ is_private: 'maybe' }, MSG.leagueSettingInvalid);
    await bad({ member_permissions: '{not json' }, MSG.leaguePermissionsInvalid);
    await bad({ member_permissions: `{"${ann.userId}":{"is_admin":true}}` }, MSG.leaguePermissionsInvalid);
    await bad({ creator_id: '5' }, MSG.unknownField('creator_id'));
    await bad({ is_private: 'true', name: 'Renamed' }, MSG.unknownField('name'));
    expect((await leagueOf(one, ann, id)).is_private).toBe(false);
    await request(one).put(`/api/leagues/${id}`).field('is_private', 'true').expect(401);
  });

  it('the league image: re-encoded like a profile photo, images only, at most 4 MB, only by an editor', async () => {
    const [ann, bob] = [await player(env, one, false), await player(env, one, false)];
    const { league_id: id } = await league(ann, [bob]);
    const res = await request(one)
      .put(`/api/leagues/${id}`)
      .set(auth(ann))
      .field('is_private', 'false')
      .attach('image', await photoWithExif(2400, 1600), 'team.jpg')
      .expect(200);
    const updated: League = res.body.league;
    expect(updated).toMatchObject({ league_image: `uploads/league-images/${id}.jpg`, league_image_version: 1 });
    const served = await request(two)
      .get(`/${updated.league_image}`)
      .query({ v: 1 })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1024, 683, undefined]); // bounded, no EXIF (GPS) left

    expect((await request(one).put(`/api/leagues/${id}`).set(auth(ann)).attach('image', Buffer.from('%PDF-1.4 not an image'), 'team.png').expect(415)).body.message).toBe(
      MSG.imageOnly,
    );
    expect(
      (
        await request(one)
          .put(`/api/leagues/${id}`)
          .set(auth(ann))
          .attach('image', Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1, 1), 'big.jpg')
          .expect(413)
      ).body.message,
    ).toBe(MSG.leagueImageTooLarge);
    expect(
      (
        await request(one)
          .put(`/api/leagues/${id}`)
          .set(auth(ann))
          .attach('photo', await photoWithExif(10, 10), 'x.jpg')
          .expect(400)
      ).body.message,
    ).toBe(MSG.unknownFile('photo'));
    expect(
      (
        await request(one)
          .put(`/api/leagues/${id}`)
          .set(auth(bob))
          .attach('image', await photoWithExif(10, 10), 'x.jpg')
          .expect(403)
      ).body.message,
    ).toBe(MSG.noSettingsPermission);
    expect((await leagueOf(one, ann, id)).league_image_version).toBe(1);
  });
});
