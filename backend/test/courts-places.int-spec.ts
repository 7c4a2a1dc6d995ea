import request from 'supertest';
import { COURT_LIMITS, COURT_MSG, type CourtSummary } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { addCourt, courtForm, ops } from './support/courts';

/** docs/courts.md: adding courts, duplicates, limits, finding them, favourites, flags and the ops' queue. */
describe('courts', () => {
  let env: TestEnv;
  let url: string;
  let me: Player;
  let other: Player;

  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  // A new adder per test: each stays under the daily limit.
  beforeEach(async () => {
    me = await player(env, url);
  });
  beforeAll(async () => {
    other = await player(env, url);
  });

  const near = async (p: Player, lat: number, lng: number) => (await request(url).get('/api/courts').query({ lat, lng }).set(auth(p)).expect(200)).body.courts as CourtSummary[];

  it("only verified players add courts; bad forms get the form's words", async () => {
    const unverified = await player(env, url, false);
    await request(url).post('/api/courts').set(auth(unverified)).send(courtForm()).expect(403, { message: COURT_MSG.verifiedToAdd });
    await request(url)
      .post('/api/courts')
      .set(auth(me))
      .send(courtForm({ name: '  ' }))
      .expect(400, { message: COURT_MSG.nameRequired });
    await request(url)
      .post('/api/courts')
      .set(auth(me))
      .send(courtForm({ lat: 95 }))
      .expect(400, { message: COURT_MSG.locationInvalid });
    await request(url)
      .post('/api/courts')
      .set(auth(me))
      .send(courtForm({ game_size: 6 }))
      .expect(400, { message: COURT_MSG.gameSizeInvalid });
    await request(url)
      .post('/api/courts')
      .set(auth(me))
      .send({ ...courtForm(), extra: 1 })
      .expect(400);
    await request(url).post('/api/courts').send(courtForm()).expect(401);
  });

  it('a new court is seen at once by its creator only, until the ops approve it', async () => {
    const id = await addCourt(url, me, { name: 'Pending Playground', lat: 34.05, lng: -118.25 });
    expect((await near(me, 34.05, -118.25)).map((c) => c.court_id)).toContain(id);
    expect((await near(other, 34.05, -118.25)).map((c) => c.court_id)).not.toContain(id);
    await request(url).get(`/api/courts/${id}`).set(auth(other)).expect(404, { message: COURT_MSG.courtNotFound });

    const queue = (await request(url).get('/api/admin/courts').set(ops).expect(200)).body.courts as { court_id: number }[];
    expect(queue.map((c) => c.court_id)).toContain(id);
    await request(url).post(`/api/admin/courts/${id}`).set(ops).send({ action: 'approve' }).expect(200);
    expect((await near(other, 34.05, -118.25)).map((c) => c.court_id)).toContain(id);
    await request(url).get('/api/admin/courts').expect(401);
  });

  it('the same name nearby is refused with the court already there; far away it is another court', async () => {
    const id = await addCourt(url, me, { name: 'Rucker Park', lat: 40.8296, lng: -73.9362 });
    const dup = await request(url)
      .post('/api/courts')
      .set(auth(me))
      .send(courtForm({ name: ' rucker  park. ', lat: 40.8299, lng: -73.936 }))
      .expect(409);
    expect(dup.body.message).toBe(COURT_MSG.duplicate('Rucker Park'));
    expect(dup.body.existing.court_id).toBe(id);
    await addCourt(url, me, { name: 'Rucker Park', lat: 40.9, lng: -73.9362 });
  });

  it('two players adding one court at once make one court', async () => {
    const form = courtForm({ name: 'Race Court', lat: 41.5, lng: -72.5 });
    const results = await Promise.all([me, other].map((p) => request(url).post('/api/courts').set(auth(p)).send(form)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const [{ n }] = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM courts WHERE name_key = 'race court'`);
    expect(n).toBe(1);
  });

  it('at most a few courts a day per player (429)', async () => {
    const spammer = await player(env, url);
    for (let i = 0; i < COURT_LIMITS.addsPerDay; i += 1) await addCourt(url, spammer, { lat: 10 + i, lng: 10 });
    await request(url)
      .post('/api/courts')
      .set(auth(spammer))
      .send(courtForm({ lat: 20, lng: 20 }))
      .expect(429, { message: COURT_MSG.tooManyAdds });
  });

  it('near me: nearest first, distance from the server, nothing past the radius; favourites first', async () => {
    const base = { lat: 47.6, lng: -122.3 };
    const a = await addCourt(url, me, { name: 'Near A', lat: base.lat + 0.01, lng: base.lng });
    const b = await addCourt(url, me, { name: 'Near B', lat: base.lat + 0.001, lng: base.lng });
    const far = await addCourt(url, me, { name: 'Far Away', lat: base.lat + 1, lng: base.lng });
    await env.sql(`UPDATE courts SET status = 'approved' WHERE id = ANY($1)`, [[a, b, far]]);
    const list = await near(other, base.lat, base.lng);
    const ids = list.map((c) => c.court_id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(ids).not.toContain(far);
    expect(list.find((c) => c.court_id === b)!.distance_m).toBeGreaterThan(100);
    expect(list.find((c) => c.court_id === b)!.distance_m).toBeLessThan(120);

    await request(url).post(`/api/courts/${far}/favourite`).set(auth(other)).send({ favourite: true }).expect(200, { message: COURT_MSG.favourited });
    const again = await near(other, base.lat, base.lng);
    expect(again[0].court_id).toBe(far);
    expect(again[0].favourite).toBe(true);
    await request(url).post(`/api/courts/${far}/favourite`).set(auth(other)).send({ favourite: 'yes' }).expect(400);
  });

  it("by name, and without a position by the player's region", async () => {
    const id = await addCourt(url, me, { name: 'Venice Beach Courts', lat: 33.985, lng: -118.47 });
    await env.sql(`UPDATE courts SET status = 'approved' WHERE id = $1`, [id]);
    const byName = (await request(url).get('/api/courts').query({ query: 'venice' }).set(auth(other)).expect(200)).body.courts as CourtSummary[];
    expect(byName.map((c) => c.court_id)).toContain(id);
    // Test players live in CA (support/players.ts), like the court's creator.
    const byRegion = (await request(url).get('/api/courts').set(auth(other)).expect(200)).body.courts as CourtSummary[];
    expect(byRegion.map((c) => c.court_id)).toContain(id);
    await request(url).get('/api/courts').query({ lat: 'x', lng: 2 }).set(auth(other)).expect(400, { message: COURT_MSG.locationInvalid });
  });

  it('near me reads the position index, not every court', async () => {
    await env.sql(
      `INSERT INTO courts (name, name_key, lat, lng, indoor, hoops, game_size, status, creator_id)
                   SELECT 'Seed ' || g, 'seed ' || g, -60 + random() * 120, -180 + random() * 360, false, 1, 5, 'approved', $1 FROM generate_series(1, 20000) g`,
      [me.userId],
    );
    await env.sql(`ANALYZE courts`);
    const plan = await env.sql<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM courts c WHERE c.status <> 'removed' AND point(c.lng, c.lat) <@ box(point(-122.8, 47.1), point(-121.8, 48.1))`,
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('courts_position_idx');
    const knn = await env.sql<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM courts c WHERE c.status <> 'removed' ORDER BY point(c.lng, c.lat) <-> point(-122.3, 47.6) LIMIT 150`,
    );
    expect(knn.map((r) => r['QUERY PLAN']).join('\n')).toContain('courts_position_idx');
  });

  it('near me returns exactly the nearest courts by the haversine distance, in a dense city, far north and at the antimeridian', async () => {
    const viewer = await player(env, url);
    // Cities of courts: Seattle, the Barents Sea (a degree of longitude is a quarter of one of latitude there),
    // Svalbard (past the pole limit: the box decides) and Fiji (across the antimeridian).
    for (const [lat, lng] of [
      [47.6, -122.3],
      [74.5, 19.0],
      [78.2, 15.6],
      [-17.8, 179.9],
    ]) {
      await env.sql(
        `INSERT INTO courts (name, name_key, lat, lng, indoor, hoops, game_size, status, creator_id)
           SELECT 'City ' || g, 'city ' || g, $2::float8 + (random() - 0.5) * 0.9, ((($3::float8 + (random() - 0.5) * 1.6) + 540)::numeric % 360 - 180)::float8,
                  false, 1, 5, CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'approved' END, $1 FROM generate_series(1, 1500) g`,
        [me.userId, lat, lng],
      );
      const got = (await near(viewer, lat, lng)).map((c) => c.court_id);
      const distance = `2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(lat - $1) / 2), 2) + cos(radians($1)) * cos(radians(lat)) * power(sin(radians(lng - $2) / 2), 2))))`;
      const oracle = await env.sql<{ id: number }>(`SELECT id FROM courts WHERE status = 'approved' AND ${distance} <= $3 ORDER BY ${distance}, id LIMIT $4`, [
        lat,
        lng,
        COURT_LIMITS.nearRadiusKm * 1000,
        COURT_LIMITS.nearLimit,
      ]);
      expect(got).toEqual(oracle.map((r) => r.id));
    }
    // Out of the ops' queue the later tests read (its pending courts come oldest first).
    await env.sql(`DELETE FROM courts WHERE name_key LIKE 'city %'`);
  });

  it('flags go to the ops, once per player; ops rename, merge and remove', async () => {
    const keep = await addCourt(url, me, { name: 'Keep Court', lat: 39.0, lng: -77.0 });
    const dup = await addCourt(url, other, { name: 'Keep Court Duplicate', lat: 39.0001, lng: -77.0 });
    await env.sql(`UPDATE courts SET status = 'approved' WHERE id = ANY($1)`, [[keep, dup]]);
    await request(url).post(`/api/courts/${dup}/favourite`).set(auth(other)).send({ favourite: true }).expect(200);
    await request(url).post(`/api/courts/${dup}/flag`).set(auth(me)).send({ reason: 'Same as Keep Court' }).expect(200, { message: COURT_MSG.flagged });
    await request(url).post(`/api/courts/${dup}/flag`).set(auth(me)).send({}).expect(409, { message: COURT_MSG.alreadyFlagged });
    const queue = (await request(url).get('/api/admin/courts').set(ops).expect(200)).body.courts as { court_id: number; flags: { reason: string }[] }[];
    expect(queue.find((c) => c.court_id === dup)!.flags[0].reason).toBe('Same as Keep Court');

    await request(url).post(`/api/admin/courts/${dup}`).set(ops).send({ action: 'merge', into_court_id: dup }).expect(400, { message: COURT_MSG.mergeTargetInvalid });
    await request(url).post(`/api/admin/courts/${dup}`).set(ops).send({ action: 'merge', into_court_id: keep }).expect(200);
    await request(url).get(`/api/courts/${dup}`).set(auth(other)).expect(404);
    const fav = (await request(url).get(`/api/courts/${keep}`).set(auth(other)).expect(200)).body.court;
    expect(fav.favourite).toBe(true);

    await request(url).post(`/api/admin/courts/${keep}`).set(ops).send({ action: 'rename', name: 'Kept Court' }).expect(200);
    expect((await request(url).get(`/api/courts/${keep}`).set(auth(me)).expect(200)).body.court.name).toBe('Kept Court');
    await request(url).post(`/api/admin/courts/${keep}`).set(ops).send({ action: 'remove' }).expect(200);
    await request(url).get(`/api/courts/${keep}`).set(auth(me)).expect(404);
    await request(url).post(`/api/admin/courts/${keep}`).set(ops).send({ action: 'explode' }).expect(400);
  });
});
