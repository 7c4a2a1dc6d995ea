import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { COURT_MSG, type CourtCalledEvent, type CourtPageResponse } from '@gotnext/shared';
import { useTestApp, type StartedTestApp, type TestEnv } from './support/harness';
import { auth, player, report, start, type Player } from './support/matches';
import { connectSocket, nextEvent, socketReady } from './support/sockets';
import { addLiveCourt, checkInAll, page, post, queueOrder } from './support/courts';

/**
 * docs/courts.md#ending-a-game on two API instances and the worker: the host ends a game on court
 * without a report and the court calls the next one; everyone else is refused in plain words; the
 * match keeps its own report flow, and its later result moves the court no further.
 */
describe('the host ends a game on court', () => {
  let env: TestEnv;
  let apis: StartedTestApp['apis'];
  let url: string;
  const sockets: Socket[] = [];

  useTestApp({ apis: 2, worker: true, beforeClose: () => sockets.forEach((s) => s.close()) }, (started) => {
    env = started.env;
    apis = started.apis;
    url = apis[0].url;
  });

  const endGame = (via: string, p: Player, courtId: number, body: Record<string, unknown>) => post(via, p, `/api/courts/${courtId}/end-game`, body);
  const calls = async (courtId: number) =>
    (await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM court_calls c JOIN court_sessions s ON s.id = c.session_id WHERE s.court_id = $1`, [courtId]))[0].n;

  it('the court moves on to the next game; non-hosts, a bad id and a game no longer on court are refused; the match keeps its own flow', async () => {
    const [outsider, ...ps] = await Promise.all(Array.from({ length: 5 }, () => player(env, url)));
    const [host] = ps;
    const courtId = await addLiveCourt(env, url, host, { game_size: 1 });
    await checkInAll(url, courtId, host, ps.slice(1));
    await request(url).put(`/api/courts/${courtId}/settings`).set(auth(host)).send({ winner_stays: 1 }).expect(200);
    for (const p of ps) await post(url, p, `/api/courts/${courtId}/queue`).expect(200);
    await post(url, host, `/api/courts/${courtId}/call-next`).expect(200);
    let matchId = 0;
    for (const p of ps.slice(0, 2)) matchId = (await post(url, p, `/api/courts/${courtId}/confirm`).expect(200)).body.match_id ?? matchId;
    expect(((await page(url, host, courtId).expect(200)).body as CourtPageResponse).games_today[0]).toMatchObject({ match_id: matchId, on_court: true });

    await endGame(url, ps[3], courtId, { match_id: matchId }).expect(403, { message: COURT_MSG.endGameNotHost });
    await endGame(url, outsider, courtId, { match_id: matchId }).expect(403, { message: COURT_MSG.notCheckedIn });
    await endGame(url, host, courtId, { match_id: 'x' }).expect(400, { message: COURT_MSG.endGameInvalid });
    await endGame(url, host, courtId, {}).expect(400, { message: COURT_MSG.endGameInvalid });
    await endGame(url, host, courtId, { match_id: matchId + 1000 }).expect(409, { message: COURT_MSG.gameNotOnCourt });
    expect(await calls(courtId)).toBe(1);

    const phone = connectSocket(apis[1].url, ps[3].token);
    sockets.push(phone);
    await socketReady(phone);
    const called = nextEvent<CourtCalledEvent>(phone, 'court:called');
    // The host taps End game on both instances at once: one ends it, the other is told it is over.
    const both = await Promise.all(apis.map((a) => endGame(a.url, host, courtId, { match_id: matchId })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body).toEqual({ message: COURT_MSG.gameNotOnCourt });
    const after = both.find((r) => r.status === 200)!.body as CourtPageResponse;
    expect(after.games_today[0]).toMatchObject({ match_id: matchId, on_court: false });
    expect(after.call!.players.map((p) => p.user_id).sort()).toEqual(
      ps
        .slice(2)
        .map((p) => p.userId)
        .sort(),
    );
    expect((await called).court_id).toBe(courtId);
    expect(await calls(courtId)).toBe(2);

    // The match is the match engine's: still open, its players start and report as usual.
    const [{ status }] = await env.sql<{ status: string }>(`SELECT status FROM matches WHERE id = $1`, [matchId]);
    expect(status).toBe('ready');
    const roster = await env.sql<{ user_id: number; team: string }>(`SELECT user_id, team FROM match_players WHERE match_id = $1 ORDER BY joined_at`, [matchId]);
    const byId = new Map(ps.map((p) => [p.userId, p]));
    const teamA = roster.filter((r) => r.team === 'A').map((r) => byId.get(r.user_id)!);
    const teamB = roster.filter((r) => r.team === 'B').map((r) => byId.get(r.user_id)!);
    await start(url, teamA[0], matchId).expect(200);
    await report(url, teamA[0], '1v1', matchId, 11, 4).expect(200);
    await report(apis[1].url, teamB[0], '1v1', matchId, 4, 11).expect(200);
    expect((await env.sql<{ status: string }>(`SELECT status FROM matches WHERE id = $1`, [matchId]))[0].status).toBe('completed');
    // Its result came after the court moved on: nobody stays on, nothing more is called.
    const order = (await queueOrder(url, host, courtId)).flat();
    for (const w of teamA) expect(order).not.toContain(w.username);
    expect(await calls(courtId)).toBe(2);
  });
});
