import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_SCORING_TYPE, isMatchType, isScoringType, MSG, teamSize,
  type CreateMatchResponse, type JoinMatchResponse, type JoinTeamResponse, type MatchDetails, type MatchType, type MatchTypeResponse,
} from '@gotnext/shared';
import { AfterCommit, MatchEffects, writeThenNotify } from './match-effects';
import { newMatchCode, normalizeMatchCode } from './match-code';
import { firstTeamWithRoom, otherSide, playersNeeded } from './match-rules';
import { lockMatch, playersOf, readMatch, reportsOf, teamOf } from './match-store';
import { toMatchDetails } from './match-view';

/** Creating, joining and starting matches: the lobby half of a match's life. */
@Injectable()
export class MatchLobbyService {
  constructor(
    private readonly db: DataSource,
    private readonly fx: MatchEffects,
  ) {}

  private write<T>(work: (m: EntityManager, after: AfterCommit) => Promise<T>): Promise<T> {
    return writeThenNotify(this.db, work);
  }

  private async isVerified(m: EntityManager, userId: number): Promise<boolean> {
    const rows: { ok: boolean }[] = await m.query(`SELECT (email_verified AND id_verified) AS ok FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
    return rows[0]?.ok === true;
  }

  async create(actorId: number, type: string, ranked: boolean, scoring: string | undefined): Promise<CreateMatchResponse> {
    if (!isMatchType(type)) throw new BadRequestException({ message: MSG.invalidMatchType });
    const scoringType = scoring ?? DEFAULT_SCORING_TYPE;
    if (!isScoringType(scoringType)) throw new BadRequestException({ message: MSG.invalidScoringType });
    return this.write(async (m) => {
      if (ranked && !(await this.isVerified(m, actorId))) throw new ForbiddenException({ message: MSG.rankedCreateNeedsVerification });
      // A clash with an open match's code is caught by the partial unique index; try a fresh code.
      for (let attempt = 0; ; attempt += 1) {
        const code = newMatchCode();
        const rows: { id: number }[] = await m.query(
          `INSERT INTO matches (code, match_type, scoring_type, ranked, creator_id) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT DO NOTHING RETURNING id`,
          [code, type, scoringType, ranked, actorId],
        );
        if (rows.length) {
          await m.query(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, 'A')`, [rows[0].id, actorId]);
          return { match_id: rows[0].id, match_code: code, message: MSG.matchCreated };
        }
        if (attempt > 20) throw new ConflictException({ message: MSG.tryAgain });
      }
    });
  }

  /** The newest match with this code, preferring one that is still open. */
  private async findByCode(m: EntityManager, input: unknown): Promise<{ id: number; match_type: MatchType }> {
    const code = normalizeMatchCode(input);
    if (!code) throw new NotFoundException({ message: MSG.matchNotFound });
    const rows: { id: number; match_type: MatchType }[] = await m.query(
      `SELECT id, match_type FROM matches WHERE upper(code) = $1
        ORDER BY (status IN ('waiting', 'ready', 'in-progress', 'disputed')) DESC, id DESC LIMIT 1`,
      [code],
    );
    if (!rows.length) throw new NotFoundException({ message: MSG.matchNotFound });
    return rows[0];
  }

  async matchType(code: unknown): Promise<MatchTypeResponse> {
    const found = await this.findByCode(this.db.manager, code);
    return { match_type: found.match_type };
  }

  async join(actorId: number, type: string, code: string): Promise<JoinMatchResponse> {
    if (!isMatchType(type)) throw new BadRequestException({ message: MSG.invalidMatchType });
    return this.write(async (m, after) => {
      const found = await this.findByCode(m, code);
      if (found.match_type !== type) throw new BadRequestException({ message: MSG.invalidMatchType });
      // The row lock makes joins to one match queue up: the count below cannot go stale.
      const match = await lockMatch(m, found.id);
      const players = await playersOf(m, match.id);
      if (players.some((p) => p.user_id === actorId)) throw new ConflictException({ message: MSG.alreadyInMatch });
      if (match.status === 'ready') throw new ConflictException({ message: MSG.matchFull });
      if (match.status !== 'waiting') throw new ConflictException({ message: MSG.matchNotOpen });
      if (match.ranked && !(await this.isVerified(m, actorId))) throw new ForbiddenException({ message: MSG.rankedNeedsVerification });
      const side = firstTeamWithRoom(match.match_type, teamOf(players, 'A').length, teamOf(players, 'B').length);
      if (!side) throw new ConflictException({ message: MSG.matchFull });
      await m.query(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, $3)`, [match.id, actorId, side]);
      const full = playersNeeded(match.match_type, players.length + 1) === 0;
      if (full) await m.query(`UPDATE matches SET status = 'ready' WHERE id = $1 AND status = 'waiting'`, [match.id]);
      this.fx.changed(after, match.id, full ? 'ready' : 'waiting');
      return { match_id: match.id, message: MSG.matchJoined };
    });
  }

  async details(actorId: number, matchId: number): Promise<MatchDetails> {
    const m = this.db.manager;
    const match = await readMatch(m, matchId);
    const players = await playersOf(m, matchId);
    if (!players.some((p) => p.user_id === actorId)) throw new ForbiddenException({ message: MSG.notInMatch });
    const reports = await reportsOf(m, matchId, 'report');
    return toMatchDetails(match, players, actorId, { A: !!reports.A, B: !!reports.B });
  }

  /**
   * Change Team: moves the caller to the other team if it has room. A creator who is on neither
   * team (never the case for matches made here, but the screen asks for it) is placed on the
   * first team with room.
   */
  async changeTeam(actorId: number, matchId: number): Promise<JoinTeamResponse> {
    return this.write(async (m, after) => {
      const match = await lockMatch(m, matchId);
      const players = await playersOf(m, matchId);
      const me = players.find((p) => p.user_id === actorId);
      if (!me && match.creator_id !== actorId) throw new ForbiddenException({ message: MSG.notInMatch });
      if (match.match_type === '1v1') throw new BadRequestException({ message: MSG.noTeamsIn1v1 });
      if (match.status !== 'waiting' && match.status !== 'ready') throw new ConflictException({ message: MSG.teamChangeClosed });
      const size = teamSize(match.match_type);
      const count = (side: 'A' | 'B') => players.filter((p) => p.team === side).length;
      let now = players;
      let status = match.status;
      if (me) {
        const target = otherSide(me.team);
        if (count(target) >= size) throw new ConflictException({ message: MSG.teamFull });
        await m.query(`UPDATE match_players SET team = $3 WHERE match_id = $1 AND user_id = $2`, [matchId, actorId, target]);
        now = players.map((p) => (p.user_id === actorId ? { ...p, team: target } : p));
      } else {
        const side = firstTeamWithRoom(match.match_type, count('A'), count('B'));
        if (!side) throw new ConflictException({ message: MSG.matchFull });
        await m.query(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, $3)`, [matchId, actorId, side]);
        if (playersNeeded(match.match_type, players.length + 1) === 0) {
          await m.query(`UPDATE matches SET status = 'ready' WHERE id = $1 AND status = 'waiting'`, [matchId]);
          status = 'ready';
        }
        now = await playersOf(m, matchId);
      }
      this.fx.changed(after, matchId, status);
      const teamA = teamOf(now, 'A');
      const teamB = teamOf(now, 'B');
      return { message: MSG.teamChanged, teamA, team_a: teamA, teamB, team_b: teamB };
    });
  }

  /** Only the creator starts, only a ready match (both teams full), and only once. */
  async start(actorId: number, matchId: number): Promise<{ message: string; status: 'in-progress' }> {
    return this.write(async (m, after) => {
      const match = await lockMatch(m, matchId);
      if (match.creator_id !== actorId) throw new ForbiddenException({ message: MSG.onlyCreatorStarts });
      const players = await playersOf(m, matchId);
      const size = teamSize(match.match_type);
      const full = teamOf(players, 'A').length === size && teamOf(players, 'B').length === size;
      if (match.status !== 'ready' || !full) throw new ConflictException({ message: MSG.matchNotReady });
      await m.query(`UPDATE matches SET status = 'in-progress', started_at = now() WHERE id = $1`, [matchId]);
      this.fx.changed(after, matchId, 'in-progress');
      this.fx.schedule(after, 'second-reminder', matchId);
      this.fx.schedule(after, 'single-report', matchId);
      return { message: MSG.matchStarted, status: 'in-progress' as const };
    });
  }
}
