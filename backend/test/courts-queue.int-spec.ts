import request from 'supertest';
import type { Queue } from 'bullmq';
import type { Socket } from 'socket.io-client';
import { COURT_MSG, rooms, type CourtCalledEvent, type CourtLobbyEvent, type CourtPageResponse, type MatchDetails } from '@gotnext/shared';
import { jobIds, QUEUE_TOKENS } from '../src/jobs/queues';
import { useTestApp, type StartedTestApp, type TestEnv } from './support/harness';
import { auth, player, report, start, type Player } from './support/matches';
import { seedRanked } from './support/ranked';
import { connectSocket, nextEvent, socketReady } from './support/sockets';
import { addLiveCourt, checkInAll, page, post, queueOrder } from './support/courts';

/**
 * docs/courts.md#the-queue and #calling-next, on two API instances and the worker: order with
 * groups, live pushes, the balanced split, holds and no-shows through BullMQ, winner-stays-on, races.
 */
describe('the court queue and calling next', () => {
  let env: TestEnv;
  let apis: StartedTestApp['apis'];
  let url: string;
  const sockets: Socket[] = [];

  useTestApp({ apis: 2, worker: true, beforeClose: () => sockets.forEach((s) => s.close()) }, (started) => {
    env = started.env;
    apis = started.apis;
    url = apis[0].url;
  });

  const players = (n: number, verified = true) => Promise.all(Array.from({ length: n }, () => player(env, url, verified)));
  const q = (p: Player, courtId: number) => post(url, p, `/api/courts/${courtId}/queue`);
  const confirm = (p: Player, courtId: number, via = url) => post(via, p, `/api/courts/${courtId}/confirm`);
  const holds = () => apis[0].app.get<Queue>(QUEUE_TOKENS['court-holds']);
  async function socketOf(p: Player, via: string, courtId?: number): Promise<Socket> {
    const s = connectSocket(via, p.token);
    sockets.push(s);
    await socketReady(s);
    if (courtId) expect(await s.emitWithAck('room:join', rooms.court(courtId))).toEqual({ ok: true });
    return s;
  }
  /** A 2v2 court with these players checked in (the first hosts). */
  async function run(ps: Player[], overrides: Record<string, unknown> = {}): Promise<number> {
    const courtId = await addLiveCourt(env, url, ps[0], { game_size: 2, ...overrides });
    await checkInAll(url, courtId, ps[0], ps.slice(1));
    return courtId;
  }

  it("only checked-in players queue; first come, first served; a group keeps its leader's place", async () => {
    const [host, a, b, c, outsider] = await players(5);
    const courtId = await run([host, a, b, c]);
    await q(outsider, courtId).expect(403, { message: COURT_MSG.notCheckedIn });
    await q(a, courtId).expect(200);
    await q(a, courtId).expect(409, { message: COURT_MSG.alreadyQueued });
    await q(b, courtId).expect(200);
    await post(url, c, `/api/courts/${courtId}/group/invite`, { user_id: a.userId }).expect(409, { message: COURT_MSG.groupLeaderMustQueue });
    await q(c, courtId).expect(200);
    // a leads a group and invites c, who joined last: c moves up to a's place once they accept.
    await post(url, a, `/api/courts/${courtId}/group/invite`, { user_id: c.userId }).expect(200, { message: COURT_MSG.groupInviteSent });
    await post(url, a, `/api/courts/${courtId}/group/invite`, { user_id: host.userId }).expect(400, { message: COURT_MSG.groupTooLarge(2) });
    const invited = (await page(url, c, courtId).expect(200)).body as CourtPageResponse;
    expect(invited.me.invites).toEqual([{ group_id: expect.any(Number), leader: { user_id: a.userId, username: a.username } }]);
    await post(url, c, `/api/courts/${courtId}/group/answer`, { group_id: invited.me.invites[0].group_id, accept: true }).expect(200, { message: COURT_MSG.groupJoined });
    expect(await queueOrder(url, host, courtId)).toEqual([[a.username, c.username], [b.username]]);
    await q(host, courtId).expect(200);
    expect(await queueOrder(url, host, courtId)).toEqual([[a.username, c.username], [b.username], [host.username]]);
    await post(url, b, `/api/courts/${courtId}/queue/leave`).expect(200);
    expect(await queueOrder(url, host, courtId)).toEqual([[a.username, c.username], [host.username]]);
  });

  it('a block either way refuses a group invite and its accept (the public queue itself ignores blocks)', async () => {
    const [host, a, b] = await players(3);
    const courtId = await run([host, a, b]);
    await post(url, b, '/api/block-user', { username: a.username }).expect(200);
    await q(a, courtId).expect(200);
    await q(b, courtId).expect(200);
    await post(url, a, `/api/courts/${courtId}/group/invite`, { user_id: b.userId }).expect(403, { message: COURT_MSG.groupInviteRefused });
    expect(await queueOrder(url, host, courtId)).toEqual([[a.username], [b.username]]);
    // A block made after the invite refuses the accept too.
    await post(url, a, `/api/courts/${courtId}/group/invite`, { user_id: host.userId }).expect(200);
    await post(url, host, '/api/block-user', { username: a.username }).expect(200);
    const invite = ((await page(url, host, courtId).expect(200)).body as CourtPageResponse).me.invites[0];
    await post(url, host, `/api/courts/${courtId}/group/answer`, { group_id: invite.group_id, accept: true }).expect(403, { message: COURT_MSG.groupInviteRefused });
  });

  it('the court room: any player for a reviewed court, only its creator for a new one', async () => {
    const [creator, other] = await players(2);
    const pending = (await post(url, creator, '/api/courts', { name: `Room Court ${Date.now()}`, lat: 12, lng: 12, indoor: true, hoops: 1, game_size: 3 }).expect(201)).body.court
      .court_id as number;
    expect(await (await socketOf(creator, url)).emitWithAck('room:join', rooms.court(pending))).toEqual({ ok: true });
    expect(await (await socketOf(other, url)).emitWithAck('room:join', rooms.court(pending))).toEqual({ ok: false, message: expect.any(String) });
  });

  it('a queue change reaches a phone on the other API instance', async () => {
    const [host, a] = await players(2);
    const courtId = await run([host, a]);
    const watcher = await socketOf(host, apis[1].url, courtId);
    const changed = nextEvent<{ court_id: number }>(watcher, 'court:changed');
    await q(a, courtId).expect(200);
    expect((await changed).court_id).toBe(courtId);
  });

  it('calling next: the host only; the most even split with groups whole; confirmed players land in one lobby, ranked when all are verified', async () => {
    const [host] = await players(1);
    const seeded = await seedRanked(env, [
      { name: 'strongA', rating: 1900 },
      { name: 'strongB', rating: 1880 },
      { name: 'weakA', rating: 1200 },
      { name: 'weakB', rating: 1150 },
    ]);
    const { SessionsService } = await import('../src/sessions/sessions.service');
    const sessions = apis[0].app.get(SessionsService);
    const [s1, s2, w1, w2] = await Promise.all(
      seeded.map(async (userId, i) => ({ userId, username: ['strongA', 'strongB', 'weakA', 'weakB'][i], token: await sessions.issue(userId) })),
    );
    const courtId = await run([host, s1, s2, w1, w2]);
    // The strong pair comes as a group, so the only split with groups whole is strong against weak,
    // however uneven (the most even split over every split is pinned against a brute-force oracle
    // in libs/shared/src/courts/teams.spec.ts).
    await q(s1, courtId).expect(200);
    await post(url, s1, `/api/courts/${courtId}/group/invite`, { user_id: s2.userId }).expect(200);
    const inv = (await page(url, s2, courtId).expect(200)).body as CourtPageResponse;
    await post(url, s2, `/api/courts/${courtId}/group/answer`, { group_id: inv.me.invites[0].group_id, accept: true }).expect(200);
    await q(w1, courtId).expect(200);
    await post(url, host, `/api/courts/${courtId}/call-next`).expect(409, { message: COURT_MSG.notEnoughPlayers(4) });
    await q(w2, courtId).expect(200);
    await post(url, w1, `/api/courts/${courtId}/call-next`).expect(403, { message: COURT_MSG.notHost });

    const phones = await Promise.all([s1, s2, w1, w2].map((p, i) => socketOf(p, apis[i % 2].url)));
    const called = phones.map((s) => nextEvent<CourtCalledEvent>(s, 'court:called'));
    const lobby = phones.map((s) => nextEvent<CourtLobbyEvent>(s, 'court:lobby'));
    const afterCall = (await post(url, host, `/api/courts/${courtId}/call-next`).expect(200)).body as CourtPageResponse;
    expect(afterCall.call!.players.map((p) => p.user_id).sort()).toEqual([s1, s2, w1, w2].map((p) => p.userId).sort());
    await post(url, host, `/api/courts/${courtId}/call-next`).expect(409, { message: COURT_MSG.callPending });
    for (const c of await Promise.all(called)) expect(c.court_id).toBe(courtId);
    expect((await page(url, w1, courtId).expect(200)).body.me.hold_expires_at).not.toBeNull();

    await confirm(host, courtId).expect(409, { message: COURT_MSG.notCalled });
    for (const p of [s1, s2, w1]) expect((await confirm(p, courtId).expect(200)).body).toEqual({ message: COURT_MSG.confirmed, match_id: null });
    const last = (await confirm(w2, courtId, apis[1].url).expect(200)).body as { match_id: number };
    expect(last.match_id).toEqual(expect.any(Number));
    for (const l of await Promise.all(lobby)) expect(l.match_id).toBe(last.match_id);

    const match = (await request(url).get(`/api/match-details/${last.match_id}`).set(auth(s1)).expect(200)).body as MatchDetails & { ranked: boolean };
    const team = (name: string) => JSON.stringify(match).includes(name);
    expect(team('strongA') && team('weakB')).toBe(true);
    const [row] = await env.sql<{ ranked: boolean; status: string; match_type: string }>(`SELECT ranked, status, match_type FROM matches WHERE id = $1`, [last.match_id]);
    expect(row).toEqual({ ranked: true, status: 'ready', match_type: '2v2' });
    const seats = await env.sql<{ user_id: number; team: string }>(`SELECT user_id, team FROM match_players WHERE match_id = $1`, [last.match_id]);
    const teamOf = (id: number) => seats.find((p) => p.user_id === id)!.team;
    expect(teamOf(s1.userId)).toBe(teamOf(s2.userId));
    expect(teamOf(w1.userId)).toBe(teamOf(w2.userId));

    const after = (await page(url, host, courtId).expect(200)).body as CourtPageResponse;
    expect(after.queue).toEqual([]);
    expect(after.call).toBeNull();
    expect(after.games_today[0]).toMatchObject({ match_id: last.match_id, match_type: '2v2', ranked: true });
    expect(after.games_today[0].win_probability).toBeGreaterThan(0.9);
    expect((await page(url, s1, courtId).expect(200)).body.me.lobby_match_id).toBe(last.match_id);
  });

  it('an unverified player in the game makes it pickup', async () => {
    const [host, a, b] = await players(3);
    const [c] = await players(1, false);
    const courtId = await run([host, a, b, c]);
    for (const p of [host, a, b, c]) await q(p, courtId).expect(200);
    await post(url, host, `/api/courts/${courtId}/call-next`).expect(200);
    let matchId: number | null = null;
    for (const p of [host, a, b, c]) matchId = (await confirm(p, courtId).expect(200)).body.match_id ?? matchId;
    const [row] = await env.sql<{ ranked: boolean }>(`SELECT ranked FROM matches WHERE id = $1`, [matchId]);
    expect(row.ranked).toBe(false);
  });

  it('a player who lets the hold run out is skipped to the end as a no-show (BullMQ delayed job) and the next is called', async () => {
    const [host, a, b, late, next] = await players(5);
    const courtId = await run([host, a, b, late, next]);
    for (const p of [host, a, b, late, next]) await q(p, courtId).expect(200);
    const nextPhone = await socketOf(next, apis[1].url);
    await post(url, host, `/api/courts/${courtId}/call-next`).expect(200);
    const [{ id: callId }] = await env.sql<{ id: number }>(`SELECT c.id FROM court_calls c JOIN court_sessions s ON s.id = c.session_id WHERE s.court_id = $1`, [courtId]);
    for (const p of [host, a, b]) await confirm(p, courtId).expect(200);
    const job = await holds().getJob(jobIds.courtHold(callId, 1));
    expect(await job!.getState()).toBe('delayed');
    expect(job!.opts.delay).toBeGreaterThanOrEqual(90_000);

    // The 90 s pass: the hold's end by the database clock, then the delayed job runs now.
    await env.sql(`UPDATE court_queue SET hold_expires_at = now() - interval '1 second' WHERE user_id = $1`, [late.userId]);
    await confirm(late, courtId).expect(409, { message: COURT_MSG.holdExpired });
    const calledNext = nextEvent<CourtCalledEvent>(nextPhone, 'court:called');
    await job!.promote();
    expect((await calledNext).court_id).toBe(courtId);
    expect(await queueOrder(url, host, courtId)).toEqual([[host.username], [a.username], [b.username], [next.username], [late.username]]);
    await confirm(late, courtId).expect(409, { message: COURT_MSG.holdExpired });
    const [{ n }] = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM court_no_shows WHERE user_id = $1 AND call_id = $2`, [late.userId, callId]);
    expect(n).toBe(1);
    expect((await confirm(next, courtId).expect(200)).body.match_id).toEqual(expect.any(Number));
    // A second run of the same job (a redelivery) changes nothing.
    expect(await apis[0].app.get(await import('../src/courts/court-calls').then((m) => m.CourtCalls)).holdOver(callId)).toBe('nothing');
  });

  it('two calls at once (the host on both instances) make one call', async () => {
    const ps = await players(4);
    const courtId = await run(ps);
    for (const p of ps) await q(p, courtId).expect(200);
    const results = await Promise.all(apis.map((api) => post(api.url, ps[0], `/api/courts/${courtId}/call-next`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [{ n }] = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM court_calls c JOIN court_sessions s ON s.id = c.session_id WHERE s.court_id = $1`, [courtId]);
    expect(n).toBe(1);
  });

  it('the last two confirmations at once make one match', async () => {
    const ps = await players(4);
    const courtId = await run(ps);
    for (const p of ps) await q(p, courtId).expect(200);
    await post(url, ps[0], `/api/courts/${courtId}/call-next`).expect(200);
    await confirm(ps[0], courtId).expect(200);
    await confirm(ps[1], courtId).expect(200);
    const results = await Promise.all([confirm(ps[2], courtId, apis[0].url), confirm(ps[3], courtId, apis[1].url)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.filter((r) => r.body.match_id !== null)).toHaveLength(1);
    const [{ n }] = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM court_games WHERE court_id = $1`, [courtId]);
    expect(n).toBe(1);
  });

  it('a called player who leaves gives the slot to the next in line while others join at once: nobody doubled, nobody lost', async () => {
    const [host, a, b, leaver, waiting, j1, j2] = await players(7);
    const courtId = await run([host, a, b, leaver, waiting, j1, j2]);
    for (const p of [host, a, b, leaver, waiting]) await q(p, courtId).expect(200);
    await post(url, host, `/api/courts/${courtId}/call-next`).expect(200);
    const results = await Promise.all([post(url, leaver, `/api/courts/${courtId}/leave`), q(j1, courtId), post(apis[1].url, j2, `/api/courts/${courtId}/queue`)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = (await page(url, host, courtId).expect(200)).body as CourtPageResponse;
    expect(after.call!.players.map((p) => p.username).sort()).toEqual([host, a, b, waiting].map((p) => p.username).sort());
    const names = after.queue.flatMap((u) => u.players.map((p) => p.username));
    expect(names.sort()).toEqual([host, a, b, waiting, j1, j2].map((p) => p.username).sort());
    expect(names).not.toContain(leaver.username);
  });

  it('winner stays on: a reported game puts the winners at the front as one group and calls the next game', async () => {
    const ps = await players(6);
    const [host] = ps;
    const courtId = await run(ps);
    await request(url).put(`/api/courts/${courtId}/settings`).set(auth(ps[1])).send({ winner_stays: 1 }).expect(403, { message: COURT_MSG.settingsNotAllowed });
    await request(url).put(`/api/courts/${courtId}/settings`).set(auth(host)).send({ winner_stays: 99 }).expect(400, { message: COURT_MSG.winnerStaysInvalid });
    await request(url).put(`/api/courts/${courtId}/settings`).set(auth(host)).send({ winner_stays: 2 }).expect(200);
    for (const p of ps) await q(p, courtId).expect(200);
    await post(url, host, `/api/courts/${courtId}/call-next`).expect(200);
    let matchId = 0;
    for (const p of ps.slice(0, 4)) matchId = (await confirm(p, courtId).expect(200)).body.match_id ?? matchId;
    const roster = await env.sql<{ user_id: number; team: string }>(`SELECT user_id, team FROM match_players WHERE match_id = $1 ORDER BY joined_at`, [matchId]);
    const byId = new Map(ps.map((p) => [p.userId, p]));
    const teamA = roster.filter((r) => r.team === 'A').map((r) => byId.get(r.user_id)!);
    const teamB = roster.filter((r) => r.team === 'B').map((r) => byId.get(r.user_id)!);
    await start(url, teamA[0], matchId).expect(200);

    const hostPhone = await socketOf(host, apis[1].url, courtId);
    await report(url, teamA[0], '2v2', matchId, 11, 7).expect(200);
    await report(url, teamB[0], '2v2', matchId, 11, 7).expect(200);
    // What the host's phone shows: the next call, with Team A's winners in it, as one group.
    for (;;) {
      const seen = (await page(url, host, courtId).expect(200)).body as CourtPageResponse;
      if (seen.call) {
        const names = seen.call.players.map((p) => p.username).sort();
        expect(names).toEqual([...teamA, ps[4], ps[5]].map((p) => p.username).sort());
        const winners = seen.queue.find((u) => u.players.some((p) => p.user_id === teamA[0].userId))!;
        expect(winners.group_id).not.toBeNull();
        expect(winners.players.map((p) => p.user_id).sort()).toEqual(teamA.map((p) => p.userId).sort());
        break;
      }
      await nextEvent(hostPhone, 'court:changed');
    }
  });
});
