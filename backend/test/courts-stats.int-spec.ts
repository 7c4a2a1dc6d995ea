import request from 'supertest';
import { COURT_MSG, COURT_STATS, type CourtStatsResponse, type CourtTitlesResponse } from '@gotnext/shared';
import { useTestApp, type StartedTestApp, type TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { seedRanked, type RankedSpec } from './support/ranked';
import { addCourt, addLiveCourt, ops } from './support/courts';

/**
 * docs/courts.md#busy-hours and #court-leaders: busy hours in the court's own time zone over the
 * last weeks, Court King (a rating among regulars) and Court Legend (the most ranked games), with
 * their thresholds, window and ties, and the court titles on a profile.
 */
describe("a court's busy hours and leaders", () => {
  let env: TestEnv;
  let apis: StartedTestApp['apis'];
  let url: string;

  useTestApp({ apis: 1 }, (started) => {
    env = started.env;
    apis = started.apis;
    url = apis[0].url;
  });

  const stats = (p: Player, courtId: number) => request(url).get(`/api/courts/${courtId}/stats`).set(auth(p));
  const titles = (p: Player, userId: number) => request(url).get(`/api/court-titles/${userId}`).set(auth(p));

  async function session(courtId: number, hostId: number): Promise<number> {
    const [s] = await env.sql<{ id: number }>(`INSERT INTO court_sessions (court_id, host_id, secret, ended_at) VALUES ($1, $2, '\\x00', now()) RETURNING id`, [courtId, hostId]);
    return s.id;
  }

  /** Check-ins at the court, each from a local time (in `zone`) of a day some weeks back, for some minutes. */
  async function checkins(courtId: number, userId: number, rows: { sql: string; minutes: number; idleAfter?: number }[]): Promise<void> {
    const sessionId = await session(courtId, userId);
    for (const r of rows) {
      await env.sql(
        `INSERT INTO court_checkins (session_id, court_id, user_id, checked_in_at, last_seen_at, left_at)
         SELECT $1, $2, $3, t, t + make_interval(mins => $5), t + make_interval(mins => $4) FROM (SELECT ${r.sql} AS t) x`,
        [sessionId, courtId, userId, r.minutes, r.idleAfter ?? r.minutes],
      );
    }
  }

  /** Last week's Saturday at hh:mm in the zone (always in the past, always within the window). */
  const lastSaturday = (zone: string, hhmm: string) => `((date_trunc('week', now() AT TIME ZONE '${zone}') - interval '2 days' + time '${hhmm}') AT TIME ZONE '${zone}')`;

  it('counts a court in the time zone of its position, whoever adds it', async () => {
    const p = await player(env, url);
    const ny = await addLiveCourt(env, url, p, { lat: 40.7101, lng: -73.9901 });
    const reykjavik = await addLiveCourt(env, url, p, { lat: 64.1466, lng: -21.9426 });
    const tokyo = await addLiveCourt(env, url, p, { lat: 35.6762, lng: 139.6503 });
    expect((await stats(p, ny).expect(200)).body.busy_hours.time_zone).toBe('America/New_York');
    expect((await stats(p, reykjavik).expect(200)).body.busy_hours.time_zone).toBe('Atlantic/Reykjavik');
    expect((await stats(p, tokyo).expect(200)).body.busy_hours.time_zone).toBe('Asia/Tokyo');
    // A phone cannot name another zone: the field is not part of the form.
    await request(url)
      .post('/api/courts')
      .set(auth(p))
      .send({ name: `Zone Court ${Date.now()}`, lat: 10.3, lng: 10.3, indoor: false, hoops: 1, game_size: 2, time_zone: 'Asia/Tokyo' })
      .expect(400);
  });

  it("counts each check-in in every local hour it was live, in the court's zone, over the last 8 weeks only", async () => {
    const p = await player(env, url);
    const ny = await addLiveCourt(env, url, p, { lat: 40.7201, lng: -73.9901 });
    // Reykjavik keeps UTC all year.
    const utc = await addLiveCourt(env, url, p, { lat: 64.1366, lng: -21.9426 });
    const sat = lastSaturday('America/New_York', '18:10');
    for (const courtId of [ny, utc]) {
      await checkins(courtId, p.userId, [
        { sql: sat, minutes: 80 }, // 6:10 to 7:30 pm in New York: the 6 pm and 7 pm hours
        { sql: sat, minutes: 300, idleAfter: 5 }, // left late, idle from 6:15 pm: live until 8:15 pm (120 min idle)
        { sql: `${sat} - interval '9 weeks'`, minutes: 60 }, // before the window
      ]);
    }
    const nyHours = (await stats(p, ny).expect(200)).body as CourtStatsResponse;
    const saturday = nyHours.busy_hours.counts[5];
    expect(saturday.slice(17, 22)).toEqual([0, 2, 2, 1, 0]);
    expect(nyHours.busy_hours.counts.flat().reduce((a, b) => a + b, 0)).toBe(5);
    expect(nyHours.busy_hours.weeks).toBe(COURT_STATS.busyWeeks);

    // The same instants at a UTC court fall four or five hours later (EDT or EST), late on Saturday
    // and into Sunday.
    const utcHours = ((await stats(p, utc).expect(200)).body as CourtStatsResponse).busy_hours.counts;
    const [{ offset }] = await env.sql<{ offset: number }>(`SELECT extract(hour FROM (${sat} AT TIME ZONE 'UTC') - (${sat} AT TIME ZONE 'America/New_York'))::int AS offset`);
    const at = (hour: number) => (hour < 24 ? utcHours[5][hour] : utcHours[6][hour - 24]);
    expect([at(18 + offset), at(19 + offset), at(20 + offset)]).toEqual([2, 2, 1]);
    expect(utcHours[5][18]).toBe(0);

    // Read from the cache until a game at the court changes: then the new check-ins count.
    await checkins(ny, p.userId, [{ sql: lastSaturday('America/New_York', '09:30'), minutes: 20 }]);
    expect(((await stats(p, ny).expect(200)).body as CourtStatsResponse).busy_hours.counts[5][9]).toBe(0);
    await game(ny, await session(ny, p.userId), p.userId, { daysAgo: 0 });
    expect(((await stats(p, ny).expect(200)).body as CourtStatsResponse).busy_hours.counts[5][9]).toBe(1);
  });

  it('a live check-in made through the app counts in the current hour', async () => {
    const host = await player(env, url);
    const courtId = await addLiveCourt(env, url, host, { lat: 35.6862, lng: 139.6503 });
    await request(url).post(`/api/courts/${courtId}/check-in`).set(auth(host)).send({}).expect(200);
    const [{ day, hour }] = await env.sql<{ day: number; hour: number }>(
      `SELECT extract(isodow FROM checked_in_at AT TIME ZONE 'Asia/Tokyo')::int - 1 AS day, extract(hour FROM checked_in_at AT TIME ZONE 'Asia/Tokyo')::int AS hour
         FROM court_checkins WHERE court_id = $1`,
      [courtId],
    );
    const counts = ((await stats(host, courtId).expect(200)).body as CourtStatsResponse).busy_hours.counts;
    expect(counts[day][hour]).toBe(1);
  });

  let fillers = 0;
  async function seedPlayers(specs: Omit<RankedSpec, 'name'>[]): Promise<number[]> {
    return seedRanked(
      env,
      specs.map((s) => ({ ...s, name: `cs${Date.now().toString(36)}${(fillers += 1)}` })),
    );
  }

  /** A 1v1 court game of `userId` against a fresh opponent, made `daysAgo` days back. */
  async function game(courtId: number, sessionId: number, userId: number, opts: { ranked?: boolean; voided?: boolean; daysAgo?: number; opponent?: number } = {}) {
    const opponent = opts.opponent ?? (await seedPlayers([{ rating: 1000 }]))[0];
    const [m] = await env.sql<{ id: number }>(
      `INSERT INTO matches (code, match_type, scoring_type, ranked, status, creator_id, created_at, completed_at, team_a_score, team_b_score, settled_by, voided)
       VALUES ('ABCDEF', '1v1', '1s & 2s to 21', $1, 'completed', $2, now() - $3::float8 * interval '1 day', now() - $3::float8 * interval '1 day', 21, 15, 'agreed', $4) RETURNING id`,
      [opts.ranked ?? true, userId, opts.daysAgo ?? 10, opts.voided ?? false],
    );
    await env.sql(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, 'A'), ($1, $3, 'B')`, [m.id, userId, opponent]);
    await env.sql(`INSERT INTO court_games (match_id, court_id, session_id, win_probability, created_at) VALUES ($1, $2, $3, 0.5, now() - $4::float8 * interval '1 day')`, [
      m.id,
      courtId,
      sessionId,
      opts.daysAgo ?? 10,
    ]);
  }
  const games = async (courtId: number, sessionId: number, userId: number, n: number, opts: Parameters<typeof game>[3] = {}) => {
    for (let i = 0; i < n; i += 1) await game(courtId, sessionId, userId, { ...opts, daysAgo: (opts.daysAgo ?? 10) + i / 100 });
  };

  it('Court King: the best rating with enough ranked games here in 90 days; Court Legend: the most ranked games; hidden ratings and deleted players respected', async () => {
    const viewer = await player(env, url);
    const courtId = await addLiveCourt(env, url, viewer, { lat: 30.1 });
    const sessionId = await session(courtId, viewer.userId);
    const [king, tiedLater, strong, old, ghost, legend] = await seedPlayers([
      { rating: 1700 },
      { rating: 1700 },
      { rating: 1900 },
      { rating: 2000 },
      { rating: 2100, deleted: true },
      { rating: 1500 },
    ]);
    await games(courtId, sessionId, king, COURT_STATS.kingMinGames);
    await games(courtId, sessionId, tiedLater, COURT_STATS.kingMinGames); // same rating and games: the smaller id is King
    await games(courtId, sessionId, strong, COURT_STATS.kingMinGames - 1);
    await games(courtId, sessionId, strong, 3, { ranked: false }); // unranked games do not count
    await game(courtId, sessionId, strong, { voided: true });
    await games(courtId, sessionId, old, COURT_STATS.kingMinGames - 1);
    await games(courtId, sessionId, old, 3, { daysAgo: COURT_STATS.leaderDays + 5 }); // outside the window
    await games(courtId, sessionId, ghost, 9);
    await games(courtId, sessionId, legend, 8);
    await env.sql(`UPDATE users SET preferences = '{"displayRating": false}' WHERE id = $1`, [king]);

    const seen = ((await stats(viewer, courtId).expect(200)).body as CourtStatsResponse).leaders;
    expect(seen).toEqual({
      king: { user_id: king, username: expect.any(String), games: COURT_STATS.kingMinGames },
      legend: { user_id: legend, username: expect.any(String), games: 8, rating: '4.000' },
      king_min_games: COURT_STATS.kingMinGames,
      days: COURT_STATS.leaderDays,
    });
    // The King sees their own rating.
    const { SessionsService } = await import('../src/sessions/sessions.service');
    const kingToken = await apis[0].app.get(SessionsService).issue(king);
    const own = (
      await request(url)
        .get(`/api/courts/${courtId}/stats`)
        .set({ Authorization: `Bearer ${kingToken}` })
        .expect(200)
    ).body as CourtStatsResponse;
    expect(own.leaders.king?.rating).toBe('4.800');

    // Titles on a profile; a deleted player holds none.
    expect(((await titles(viewer, king).expect(200)).body as CourtTitlesResponse).titles).toEqual([{ court_id: courtId, court_name: expect.any(String), title: 'king' }]);
    expect(((await titles(viewer, legend).expect(200)).body as CourtTitlesResponse).titles).toEqual([{ court_id: courtId, court_name: expect.any(String), title: 'legend' }]);
    expect(((await titles(viewer, ghost).expect(200)).body as CourtTitlesResponse).titles).toEqual([]);
    expect(((await titles(viewer, strong).expect(200)).body as CourtTitlesResponse).titles).toEqual([]);

    // One more ranked game makes the strong player King at once, although the leaders were just read.
    await game(courtId, sessionId, strong, { daysAgo: 0 });
    expect(((await stats(viewer, courtId).expect(200)).body as CourtStatsResponse).leaders.king).toEqual({
      user_id: strong,
      username: expect.any(String),
      games: COURT_STATS.kingMinGames,
      rating: '5.600',
    });
    // A King who deletes the account is gone at once; the next one holds the title.
    await env.sql(`UPDATE users SET deleted_at = now() WHERE id = $1`, [strong]);
    expect(((await stats(viewer, courtId).expect(200)).body as CourtStatsResponse).leaders.king?.user_id).toBe(king);
    // A rating hidden after the read is hidden at once too.
    await env.sql(`UPDATE users SET preferences = '{"displayRating": false}' WHERE id = $1`, [legend]);
    expect(((await stats(viewer, courtId).expect(200)).body as CourtStatsResponse).leaders.legend).toEqual({ user_id: legend, username: expect.any(String), games: 8 });
  });

  it('ties for Court Legend go to the player who first played here; no King below the threshold; nobody without ranked games', async () => {
    const viewer = await player(env, url);
    const courtId = await addLiveCourt(env, url, viewer, { lat: 30.2 });
    const empty = ((await stats(viewer, courtId).expect(200)).body as CourtStatsResponse).leaders;
    expect([empty.king, empty.legend]).toEqual([null, null]);
    const sessionId = await session(courtId, viewer.userId);
    const [early, late] = await seedPlayers([{ rating: 1600 }, { rating: 1600 }]);
    // `late` has the smaller id, `early` played here first: the first game decides.
    await games(courtId, sessionId, late, 2, { daysAgo: 5 });
    await games(courtId, sessionId, early, 2, { daysAgo: 30 });
    const leaders = ((await stats(viewer, courtId).expect(200)).body as CourtStatsResponse).leaders;
    expect(leaders.legend?.user_id).toBe(early);
    expect(leaders.king).toBeNull();
  });

  it('a court nobody may see is not found; so is a bad id', async () => {
    const [creator, other] = await Promise.all([player(env, url), player(env, url)]);
    const pending = await addCourt(url, creator, { lat: 40.1 });
    await stats(creator, pending).expect(200);
    await stats(other, pending).expect(404, { message: COURT_MSG.courtNotFound });
    await request(url).post(`/api/admin/courts/${pending}`).set(ops).send({ action: 'remove' }).expect(200);
    await stats(creator, pending).expect(404, { message: COURT_MSG.courtNotFound });
    await request(url).get('/api/courts/1e3/stats').set(auth(creator)).expect(404);
    await request(url).get(`/api/courts/${pending}/stats`).expect(401);
  });
});
