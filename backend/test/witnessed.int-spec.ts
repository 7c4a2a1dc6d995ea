import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { DataSource, type EntityManager } from 'typeorm';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { WitnessedRepository, type AppendResult } from '../src/witnessed/witnessed.repository';
import { MSG, rooms, WITNESSED_MSG, type ScoreboardCompletePush, type ScoreboardState, type ScoreboardView, type ScoreEventPush } from '@gotnext/shared';
import { clearThrottles, createTestEnv, TestEnv } from './support/harness';
import { auth, details, eventually, fullMatch, report, start } from './support/matches';
import { collect, joinRoom, Phone, playerSocket, postEvents, scoreboard, sendTap, spectatorSocket, watch } from './support/witnessed';

/** Witnessed score on two API instances (docs/matches.md#witnessed-score). */
describe('witnessed score across two API instances', () => {
  let env: TestEnv;
  let api: NestFastifyApplication;
  let one: string;
  let two: string;
  const sockets: Socket[] = [];
  const track = <S extends Socket>(s: S) => (sockets.push(s), s);

  beforeAll(async () => {
    env = await createTestEnv();
    ({ app: api, url: one } = await env.startApi());
    two = (await env.startApi()).url;
    await env.startWorker();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await env.close();
  });
  beforeEach(() => clearThrottles(env));

  /** A started 1v1 to 5 (each player scores their own stream by default) with its scoreboard read once. */
  async function started1v1(ranked = true) {
    const m = await fullMatch(env, one, '1v1', { ranked, scoringType: '1s & 2s to 5' });
    const [a, b] = m.all;
    const board = (await scoreboard(one, a, m.match_id).expect(200)).body as ScoreboardView;
    await start(one, a, m.match_id).expect(200);
    return { m, a, b, token: board.spectatorToken };
  }

  it('completes, notifies and rates once when both streams agree, live to the other scorer and to an anonymous spectator', async () => {
    const { m, a, b, token } = await started1v1();
    const sa = track(await playerSocket(one, a));
    const sb = track(await playerSocket(two, b));
    expect(await joinRoom(sb, rooms.match(m.match_id))).toEqual({ ok: true });
    const fan = track(await spectatorSocket(two));
    expect(await watch(fan, token)).toEqual({ ok: true });
    const seenByB = collect<ScoreEventPush>(sb, 'score:event');
    const seenByFan = collect<ScoreEventPush>(fan, 'score:event');
    const completed = collect<ScoreboardCompletePush>(fan, 'scoreboard:complete');
    const pa = new Phone();
    const pb = new Phone();
    for (const e of pa.play('A2 B1 A2')) expect(await sendTap(sa, m.match_id, e)).toEqual(expect.objectContaining({ ok: true, duplicate: false }));
    await eventually(async () => seenByFan.length === 3 && seenByB.length === 3);
    expect(seenByFan[2].state).toMatchObject({ live: { A: 4, B: 1 }, gamePoint: { A: true, B: false }, status: 'live', divergence: null });
    expect(seenByFan[2].event).toMatchObject({ scorer: a.userId, team: 'A', points: 2, deviceSeq: 3 });
    // B scores the same over REST on the other instance (its outbox).
    await postEvents(two, b, m.match_id, pb.play('A2 B1 A2')).expect(200);
    expect((await scoreboard(two, b, m.match_id)).body).toMatchObject({ status: 'live', divergence: null, live: { A: 4, B: 1 } });
    // The two last taps at the same moment on two instances: one completion.
    const [ta, tb] = await Promise.all([sendTap(sa, m.match_id, pa.tap('A', 1)), postEvents(one, b, m.match_id, [pb.tap('A', 1)])]);
    expect(ta.ok).toBe(true);
    expect(tb.status).toBe(200);
    const [row] = await env.sql(`SELECT status, team_a_score, team_b_score, settled_by FROM matches WHERE id = $1`, [m.match_id]);
    expect(row).toEqual({ status: 'completed', team_a_score: 5, team_b_score: 1, settled_by: 'agreed' });
    expect(await env.sql(`SELECT team, reported_by FROM match_reports WHERE match_id = $1 ORDER BY team`, [m.match_id])).toEqual([
      { team: 'A', reported_by: a.userId },
      { team: 'B', reported_by: b.userId },
    ]);
    await eventually(async () => completed.length >= 1);
    expect(completed[0]).toMatchObject({ matchId: m.match_id, final: { A: 5, B: 1 } });
    // The rating job applies it once; the result card reads as after two agreeing reports.
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id])).length === 2, 20000);
    await eventually(async () => (await details(one, a, m.match_id)).body.result?.rating_pending === false);
    expect((await details(one, a, m.match_id)).body.result.text).toMatch(/^You won 5–1/);
    expect((await details(two, b, m.match_id)).body.result.text).toMatch(/^You lost 1–5/);
    expect(await env.sql(`SELECT games FROM ratings WHERE user_id = ANY($1::int[]) AND pool = 'overall'`, [[a.userId, b.userId]])).toEqual([{ games: 1 }, { games: 1 }]);
    // A resend after the end is a duplicate (the outbox empties), a new tap is refused.
    expect(await sendTap(sa, m.match_id, pa.taps[0])).toMatchObject({ ok: true, duplicate: true });
    expect(await sendTap(sa, m.match_id, pa.tap('B', 1))).toEqual({ ok: false, reason: 'not-live', message: WITNESSED_MSG.notLive });
    expect(await env.sql(`SELECT 1 FROM notifications WHERE match_id = $1 AND type = 'match_result'`, [m.match_id])).toHaveLength(2);
  });

  it('shows both scorers where they split, heals with an undo, and completes', async () => {
    const { m, a, b, token } = await started1v1(false);
    const pa = new Phone();
    const pb = new Phone();
    await postEvents(one, a, m.match_id, pa.play('A1 B1 A1')).expect(200);
    await postEvents(two, b, m.match_id, pb.play('A1 B1 B1')).expect(200);
    const board = (await scoreboard(one, a, m.match_id)).body as ScoreboardView;
    expect(board).toMatchObject({ status: 'diverged', divergence: { at: '1–1' }, live: { A: 1, B: 1 } });
    expect(WITNESSED_MSG.differFrom(board.divergence!.at)).toBe('You differ from 1–1.');
    const fan = (await request(two).get(`/api/scoreboard/${token}`).expect(200)).body as ScoreboardState;
    expect(fan).toMatchObject({ status: 'diverged', live: { A: 1, B: 1 } });
    expect(JSON.stringify(fan)).not.toMatch(/rating|spectatorToken|events/);
    // B undoes the wrong point: the streams agree again, then finish together.
    await postEvents(two, b, m.match_id, [pb.undoLast(), ...pb.play('A1')]).expect(200);
    expect((await scoreboard(one, b, m.match_id)).body).toMatchObject({ status: 'live', divergence: null, live: { A: 2, B: 1 } });
    await postEvents(one, a, m.match_id, pa.play('A2 A1')).expect(200);
    await postEvents(two, b, m.match_id, pb.play('A2 A1')).expect(200);
    expect((await env.sql(`SELECT status, team_a_score, team_b_score FROM matches WHERE id = $1`, [m.match_id]))[0]).toEqual({
      status: 'completed',
      team_a_score: 5,
      team_b_score: 1,
    });
  });

  it('opens a dispute carrying both logs when the scorers cannot agree', async () => {
    const { m, a, b } = await started1v1(false);
    await postEvents(one, a, m.match_id, new Phone().play('A2 A2 A1')).expect(200);
    await postEvents(two, b, m.match_id, new Phone().play('B2 B2 B1')).expect(200);
    expect((await request(one).post(`/api/matches/${m.match_id}/witnessed-dispute`).set(auth(a)).expect(200)).body).toEqual({ message: WITNESSED_MSG.disputeOpened });
    const dispute = (await request(two).get(`/api/dispute-match-details/${m.match_id}`).set(auth(b)).expect(200)).body;
    expect(dispute.status).toBe('disputed');
    expect(dispute.witnessed.divergence).toEqual({ at: '0–0' });
    expect(dispute.witnessed.events).toHaveLength(6);
    expect(dispute.witnessed.scorers.map((s: { score: unknown }) => s.score)).toEqual([
      { A: 5, B: 0 },
      { A: 0, B: 5 },
    ]);
    expect(await env.sql(`SELECT 1 FROM notifications WHERE match_id = $1 AND type = 'dispute'`, [m.match_id])).toHaveLength(2);
    // Both sides still settle it the usual way.
    await request(one).post(`/api/matches/${m.match_id}/witnessed-dispute`).set(auth(b)).expect(409, { message: MSG.matchIsDisputed });
  });

  it('stores a resent batch once, keeps the phone order, and follows a scorer who moves to the other instance', async () => {
    const m = await fullMatch(env, one, '1v1', { ranked: false, scoringType: '1s & 2s to 21' });
    const [a, b] = m.all;
    await start(one, a, m.match_id).expect(200);
    const pa = new Phone();
    const batch = pa.play('A1 A2 B1 B2 A1');
    // Sent out of order, then resent whole: five rows, ordered by the phone's counter.
    await postEvents(one, a, m.match_id, [batch[3], batch[1]]).expect(200);
    const again = await postEvents(two, a, m.match_id, batch).expect(200);
    expect(again.body).toMatchObject({ stored: 3, duplicates: 2 });
    expect((await postEvents(one, a, m.match_id, batch).expect(200)).body).toMatchObject({ stored: 0, duplicates: 5 });
    expect(await env.sql(`SELECT 1 FROM score_events WHERE match_id = $1`, [m.match_id])).toHaveLength(5);
    // A's phone switches from instance one to two mid-game; B watches on one.
    const sb = track(await playerSocket(one, b));
    await joinRoom(sb, rooms.match(m.match_id));
    const seen = collect<ScoreEventPush>(sb, 'score:event');
    const s1 = track(await playerSocket(one, a));
    expect(await sendTap(s1, m.match_id, pa.tap('A', 2))).toMatchObject({ ok: true });
    s1.close();
    const s2 = track(await playerSocket(two, a));
    expect(await sendTap(s2, m.match_id, pa.tap('B', 1))).toMatchObject({ ok: true });
    await eventually(async () => seen.length === 2);
    expect(seen.map((p) => p.state.scorers.find((s) => s.userId === a.userId)!.score)).toEqual([
      { A: 6, B: 3 },
      { A: 6, B: 4 },
    ]);
    const board = (await scoreboard(two, b, m.match_id)).body as ScoreboardView;
    expect(board.events.filter((e) => e.scorer === a.userId).map((e) => e.deviceSeq)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Back on instance one, whose board from A's earlier tap lacks what two stored since: the undo
    // of the tap stored through two is taken (not refused as unknown), and that tap resent through
    // one is a duplicate, not a second point.
    const s3 = track(await playerSocket(one, a));
    const lastTap = pa.taps.at(-1)!;
    expect(await sendTap(s3, m.match_id, pa.undoLast())).toMatchObject({ ok: true });
    expect((await postEvents(one, a, m.match_id, [lastTap]).expect(200)).body).toMatchObject({ stored: 0, duplicates: 1 });
    await eventually(async () => seen.length === 3);
    expect(seen[2].state.scorers.find((s) => s.userId === a.userId)!.score).toEqual({ A: 6, B: 3 });
    expect(await env.sql(`SELECT 1 FROM score_events WHERE match_id = $1`, [m.match_id])).toHaveLength(8);
  });

  it('falls back to the report flow when a scorer goes idle, and tells the scoreboard how it settled', async () => {
    const { m, a, b, token } = await started1v1(false);
    await postEvents(one, a, m.match_id, new Phone().play('A1 B1')).expect(200);
    // B never scored; the start was long ago.
    await env.sql(`UPDATE matches SET started_at = now() - interval '20 minutes' WHERE id = $1`, [m.match_id]);
    await env.sql(`UPDATE score_events SET server_time = now() - interval '20 minutes' WHERE match_id = $1`, [m.match_id]);
    expect((await scoreboard(one, a, m.match_id)).body.status).toBe('fallback');
    const fan = track(await spectatorSocket(one));
    await watch(fan, token);
    const states = collect<ScoreboardState>(fan, 'scoreboard:state');
    await report(one, a, '1v1', m.match_id, 5, 3).expect(200);
    await report(two, b, '1v1', m.match_id, 3, 5).expect(200);
    await eventually(async () => states.some((s) => s.status === 'complete'));
    expect(states.find((s) => s.status === 'complete')).toMatchObject({ final: { A: 5, B: 3 }, live: { A: 5, B: 3 } });
  });

  it('refuses what a scorer cannot send, with plain messages, storing nothing of a refused batch', async () => {
    const m = await fullMatch(env, one, '2v2', { ranked: false, scoringType: '1s & 2s to 5' });
    const [a1, a2] = m.teamA;
    const [b1] = m.teamB;
    const p = new Phone();
    // Before Start.
    await postEvents(one, a1, m.match_id, [p.tap('A', 1)]).expect(409, { message: WITNESSED_MSG.notLive, reason: 'not-live', clientEventId: p.taps[0].clientEventId });
    await start(one, m.creator, m.match_id).expect(200);
    const id = (i: number) => p.taps[i].clientEventId;
    // Not the team's scorer (the team's first player is, by default).
    await postEvents(two, a2, m.match_id, [new Phone().tap('A', 1)]).expect(403);
    await postEvents(one, a1, m.match_id, [p.tap('A', 3)]).expect(400, { message: WITNESSED_MSG.points(1, 2), reason: 'points', clientEventId: id(1) });
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    await postEvents(one, a1, m.match_id, [p.tap('A', 1, ahead)]).expect(400, { message: WITNESSED_MSG.futureClock, reason: 'future-clock', clientEventId: id(2) });
    await postEvents(one, a1, m.match_id, [{ ...p.tap('A', 1), extra: 1 }]).expect(400);
    await postEvents(one, a1, m.match_id, []).expect(400);
    // All or none: the third tap of this batch is past the target, so none is stored.
    const q = new Phone();
    const res = await postEvents(one, a1, m.match_id, q.play('A2 A2 A2 A2'));
    expect([res.status, res.body]).toEqual([409, { message: WITNESSED_MSG.tapRefused(4, WITNESSED_MSG.gameOver), reason: 'game-over', clientEventId: q.taps[3].clientEventId }]);
    expect(await env.sql(`SELECT 1 FROM score_events WHERE match_id = $1`, [m.match_id])).toHaveLength(0);
    const stray = { ...new Phone().tap('A', 0), kind: 'undo', undoes: q.taps[0].clientEventId };
    await postEvents(one, a1, m.match_id, [stray]).expect(400, { message: WITNESSED_MSG.undoUnknown, reason: 'undo-unknown', clientEventId: stray.clientEventId });
    // Someone else's event id is not a resend.
    await postEvents(one, a1, m.match_id, [q.taps[0]]).expect(200);
    await postEvents(one, b1, m.match_id, [q.taps[0]]).expect(400);
    // Nor is an id another match holds: the whole batch is refused, naming it.
    const other = await started1v1(false);
    const r = new Phone();
    const reused = [r.tap('A', 1), { ...r.tap('A', 1), clientEventId: q.taps[0].clientEventId }];
    await postEvents(two, other.a, other.m.match_id, reused).expect(400, {
      message: WITNESSED_MSG.tapRefused(2, WITNESSED_MSG.eventsInvalid),
      reason: 'invalid',
      clientEventId: q.taps[0].clientEventId,
    });
    expect(await env.sql(`SELECT 1 FROM score_events WHERE match_id = $1`, [other.m.match_id])).toHaveLength(0);
    // A socket flood is throttled per scorer, across instances.
    const s1 = track(await playerSocket(one, b1));
    const s2 = track(await playerSocket(two, b1));
    const flood = new Phone();
    const acks = await Promise.all(Array.from({ length: 16 }, (_, i) => sendTap(i % 2 ? s2 : s1, m.match_id, flood.tap(i % 2 ? 'A' : 'B', 1))));
    const dropped = acks.filter((x) => !x.ok);
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((x) => !x.ok && (x.reason === 'rate' || x.reason === 'game-over'))).toBe(true);
    expect(dropped.some((x) => !x.ok && x.reason === 'rate')).toBe(true);
    // Spectators: a wrong link, and a socket without a login can only watch.
    await request(one).get('/api/scoreboard/not-a-token').expect(404, { message: WITNESSED_MSG.linkNotFound });
    const fan = track(await spectatorSocket(two));
    expect(await watch(fan, 'not-a-token')).toEqual({ ok: false, message: WITNESSED_MSG.linkNotFound });
    expect((await joinRoom(fan, rooms.match(m.match_id))).ok).toBe(false);
    expect((await sendTap(fan, m.match_id, new Phone().tap('A', 1))).ok).toBe(false);
    // The scoreboard is for the match's players.
    const outsider = (await fullMatch(env, one, '1v1')).creator;
    await scoreboard(one, outsider, m.match_id).expect(403, { message: MSG.notInMatch });
  });

  it("appends a tap in one statement that does not wait for PostgreSQL's WAL flush, and settles in a transaction that does", async () => {
    // The setting the commit obeys, as in matches-change-team-commit.int-spec.ts: a flush's timing
    // proves nothing on a shared server (docs/scaling.md#commits-without-the-wal-flush).
    const { m, a, b } = await started1v1(false);
    const witnessed = api.get(WitnessedRepository);
    const db = api.get(DataSource);
    const commitMode = async (q: EntityManager) => ((await q.query('SHOW synchronous_commit')) as { synchronous_commit: string }[])[0].synchronous_commit;
    const pa = new Phone();
    const seen = (await witnessed.board(m.match_id))!.lastEventId;
    await db.transaction(async (q) => {
      expect(await commitMode(q)).toBe('on');
      const [{ result }] = (await q.query('SELECT witnessed_append($1, $2, $3, $4::jsonb) AS result', [m.match_id, a.userId, seen, JSON.stringify([pa.tap('A', 2)])])) as {
        result: AppendResult;
      }[];
      expect(result.outcome).toBe('stored');
      expect(await commitMode(q)).toBe('off');
    });
    // Only that statement's transaction: the pooled connection's next one waits for the flush again.
    await db.transaction(async (q) => expect(await commitMode(q)).toBe('on'));
    // A board read before that tap is stale for its scorer, not for the other one.
    expect(await witnessed.append(m.match_id, a.userId, seen, [pa.tap('A', 1)])).toEqual({ outcome: 'stale' });
    const pb = new Phone();
    const other = await witnessed.append(m.match_id, b.userId, seen, [pb.tap('A', 2)]);
    expect(other.outcome === 'stored' && other.events.map((e) => [e.scorer, e.points])).toEqual([
      [a.userId, 2],
      [b.userId, 2],
    ]);
    // Both streams reach 5–0 from here; the last tap settles the match, once, through a plain transaction.
    await postEvents(one, a, m.match_id, pa.play('A2 A1')).expect(200);
    await postEvents(two, b, m.match_id, pb.play('A2 A1')).expect(200);
    expect(await env.sql(`SELECT status, team_a_score, team_b_score, settled_by FROM matches WHERE id = $1`, [m.match_id])).toEqual([
      { status: 'completed', team_a_score: 5, team_b_score: 0, settled_by: 'agreed' },
    ]);
  });

  it('lets a team pick its scorer and all players agree on one scorer for both, before Start only', async () => {
    const m = await fullMatch(env, one, '2v2', { ranked: false, scoringType: '1s & 2s to 5' });
    const [a1, a2] = m.teamA;
    const [b1, b2] = m.teamB;
    const put = (p: typeof a1, body: object) => request(two).put(`/api/matches/${m.match_id}/scorers`).set(auth(p)).send(body);
    expect((await put(a1, { team: 'A', userId: a2.userId }).expect(200)).body.scoreboard.setup.teamScorers).toEqual({ A: a2.userId, B: b1.userId });
    await put(b1, { team: 'A', userId: b1.userId }).expect(403, { message: WITNESSED_MSG.scorerOwnTeamOnly });
    await put(b1, { team: 'B', userId: a1.userId }).expect(400, { message: WITNESSED_MSG.scorerNotTeammate });
    const single = (p: typeof a1) => request(one).post(`/api/matches/${m.match_id}/scorers/single`).set(auth(p)).send({ userId: b2.userId });
    const answer = (p: typeof a1, accept: boolean) => request(one).post(`/api/matches/${m.match_id}/scorers/single/answer`).set(auth(p)).send({ accept });
    expect((await single(a1).expect(200)).body.message).toBe(WITNESSED_MSG.singleProposed);
    expect((await answer(b1, false).expect(200)).body.message).toBe(WITNESSED_MSG.singleDeclined);
    await answer(b1, true).expect(409, { message: WITNESSED_MSG.noSingleProposal });
    await single(a1).expect(200);
    await answer(a2, true).expect(200);
    await answer(b1, true).expect(200);
    const last = (await answer(b2, true).expect(200)).body;
    expect(last.message).toBe(WITNESSED_MSG.singleAgreed);
    expect(last.scoreboard).toMatchObject({ mode: 'single', myScorerTeam: 'both' });
    await start(one, m.creator, m.match_id).expect(200);
    await put(a1, { team: 'A', userId: a1.userId }).expect(409, { message: WITNESSED_MSG.scorersLocked });
    // The single scorer's stream alone settles it; nobody else may tap.
    await postEvents(one, a2, m.match_id, [new Phone().tap('A', 1)]).expect(403);
    await postEvents(two, b2, m.match_id, new Phone().play('B2 A1 B2 B1')).expect(200);
    expect((await env.sql(`SELECT status, team_a_score, team_b_score FROM matches WHERE id = $1`, [m.match_id]))[0]).toEqual({
      status: 'completed',
      team_a_score: 1,
      team_b_score: 5,
    });
  });
});
