import { ForbiddenException, Injectable, NotFoundException, ConflictException } from '@nestjs/common';
import {
  allowedPoints,
  consensus,
  MSG,
  scoreText,
  tapRefusal,
  WITNESSED_LIMITS,
  WITNESSED_MSG,
  type NewScoreEvent,
  type ScoreboardView,
  type ScoreEvent,
  type SpectatorScoreboard,
  type TeamScore,
} from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import type { MatchEntity } from '../matches/entities/match.entity';
import { MatchesRepository, type PlayerRow } from '../matches/matches.repository';
import { MatchSettlement } from '../matches/match-settlement';
import { RateLimiter } from '../throttle/rate-limiter';
import { buildBoard, countingScorers, scorerSetup } from './witnessed-board';
import { WitnessedRepository } from './witnessed.repository';
import { WitnessedState } from './witnessed-state';
import { dropMessage, ScoreRefused } from './score-refused';

export interface Recorded {
  stored: ScoreEvent[];
  duplicates: ScoreEvent[];
  view: ScoreboardView;
}

/**
 * Taps, consensus and disputes of witnessed scoring (docs/matches.md#witnessed-score). Every
 * write takes the match row lock first, so two scorers' last taps on two instances see each
 * other and the match completes once; completion and dispute go through MatchSettlement with the
 * streams written as the two sides' reports, exactly as two reports would settle it.
 */
@Injectable()
export class WitnessedScoresService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly matches: MatchesRepository,
    private readonly witnessed: WitnessedRepository,
    private readonly settlement: MatchSettlement,
    private readonly limiter: RateLimiter,
    private readonly boards: WitnessedState,
  ) {}

  /** The players' scoreboard (403 to anyone else). */
  async view(actorId: number, matchId: number): Promise<ScoreboardView> {
    const match = await this.matches.get(matchId);
    const players = await this.matches.playersOf(matchId);
    if (!players.some((p) => p.user_id === actorId)) throw new ForbiddenException({ message: MSG.notInMatch });
    return (await this.boards.view(match, players, actorId)).view;
  }

  /** The public read by link token: the state only, no ratings. */
  async spectate(token: string): Promise<SpectatorScoreboard> {
    const matchId = await this.matchOfToken(token);
    if (matchId === null) throw new NotFoundException({ message: WITNESSED_MSG.linkNotFound });
    return this.boards.of(matchId);
  }

  async matchOfToken(token: string): Promise<number | null> {
    return typeof token === 'string' && token.length <= 64 ? this.witnessed.matchOfToken(token) : null;
  }

  /** Socket taps count against a per-scorer window; a REST batch (the offline outbox) as one request. */
  async throttle(actorId: number, via: 'socket' | 'rest'): Promise<void> {
    const limit =
      via === 'socket'
        ? { key: `witnessed:tap:${actorId}`, max: WITNESSED_LIMITS.tapsPerWindow, windowSeconds: WITNESSED_LIMITS.tapWindowSeconds }
        : { key: `witnessed:batch:${actorId}`, max: WITNESSED_LIMITS.batchesPerMinute, windowSeconds: 60 };
    const hit = await this.limiter.hit([limit]);
    if (!hit.allowed) throw new ScoreRefused('rate', WITNESSED_MSG.rate);
  }

  /**
   * Stores a scorer's events in order, all or none: a resend is a duplicate (also after the
   * match ended, so an outbox can empty itself), anything else refused names its event.
   */
  async record(actorId: number, matchId: number, events: NewScoreEvent[]): Promise<Recorded> {
    if (events.length > WITNESSED_LIMITS.batchMax) throw new ScoreRefused('invalid', WITNESSED_MSG.tooManyEvents);
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      const read = await this.witnessed.tapRead(matchId, tx.manager);
      const { players, events: stored } = read;
      const row = read.scorers ?? (await this.witnessed.scorers(matchId, tx.manager));
      const setup = scorerSetup(row, players);
      const known = new Map(stored.map((e) => [e.clientEventId, e]));
      const mine = stored.filter((e) => e.scorer === actorId);
      const stream: (NewScoreEvent | ScoreEvent)[] = [...mine];
      const fresh: NewScoreEvent[] = [];
      const duplicates: ScoreEvent[] = [];
      const isScorer = countingScorers(setup).some((c) => c.userId === actorId);
      const now = Date.now();
      const refuse = (i: number, reason: ScoreRefused['reason']): never => {
        const text = dropMessage(reason, allowedPoints(match.scoringType));
        throw new ScoreRefused(reason, events.length > 1 ? WITNESSED_MSG.tapRefused(i + 1, text) : text, events[i].clientEventId);
      };
      events.forEach((event, i) => {
        const prior = known.get(event.clientEventId);
        if (prior) {
          if (prior.scorer !== actorId) refuse(i, 'invalid');
          duplicates.push(prior);
          return;
        }
        if (fresh.some((e) => e.clientEventId === event.clientEventId)) return;
        if (!isScorer) refuse(i, 'not-scorer');
        if (match.status !== 'in-progress') refuse(i, 'not-live');
        const reason = tapRefusal(stream, event, match.scoringType, now);
        if (reason) refuse(i, reason);
        stream.push(event);
        fresh.push(event);
      });
      const inserted = await this.witnessed.insert(matchId, actorId, fresh, tx.manager);
      // An id this match does not hold but another match does: the insert skipped it, and the
      // whole batch is refused (rolled back) as a resend of someone else's event would be.
      if (inserted.length < fresh.length) {
        const taken = new Set(inserted.map((e) => e.clientEventId));
        refuse(
          events.findIndex((e) => fresh.includes(e) && !taken.has(e.clientEventId)),
          'invalid',
        );
      }
      const all = [...stored, ...inserted];
      const board = buildBoard(match, players, setup, all, now);
      let state = board.state;
      const agreed = inserted.length ? consensus(setup.mode, board.streams) : null;
      if (agreed) {
        await this.settle(tx, match, players, setup, agreed);
        state = { ...state, status: 'complete', final: agreed, live: agreed };
      }
      if (inserted.length) tx.emit('score.recorded', { matchId, events: inserted, state });
      const view: ScoreboardView = {
        ...state,
        setup,
        events: all,
        myScorerTeam: (() => {
          const r = countingScorers(setup).find((c) => c.userId === actorId);
          return r ? (r.team ?? 'both') : null;
        })(),
        spectatorToken: row.spectator_token,
      };
      return { stored: inserted, duplicates, view };
    });
  }

  /**
   * Both streams agree: each side's report is its scorer's stream, and the match completes as
   * agreed reports do. Its commit waits for the WAL flush (a tap's does not): nobody is told of a
   * result, and no rating job runs, for a completion a crash of PostgreSQL could still take back.
   */
  private async settle(tx: Tx, match: MatchEntity, players: PlayerRow[], setup: ReturnType<typeof scorerSetup>, final: TeamScore): Promise<void> {
    await this.witnessed.syncCommit(tx.manager);
    const scores = { a: final.A, b: final.B };
    for (const side of ['A', 'B'] as const) {
      const by = setup.mode === 'single' ? setup.single!.userId : setup.teamScorers[side]!;
      await this.matches.upsertReport(match.id, side, 'report', by, scores, tx.manager);
    }
    await this.settlement.complete(tx, match, scores, 'agreed');
  }

  /** A scorer opens a dispute while the streams differ: each side's report is its scorer's stream; both logs are the evidence. */
  async dispute(actorId: number, matchId: number): Promise<string> {
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      const players = await this.matches.playersOf(matchId, tx.manager);
      if (!players.some((p) => p.user_id === actorId)) throw new ForbiddenException({ message: MSG.notInMatch });
      const setup = scorerSetup(await this.witnessed.scorers(matchId, tx.manager), players);
      const counting = countingScorers(setup);
      if (!counting.some((c) => c.userId === actorId)) throw new ForbiddenException({ message: WITNESSED_MSG.disputeNotScorer });
      if (match.status === 'completed') throw new ConflictException({ message: MSG.matchAlreadyCompleted });
      if (match.status === 'disputed') throw new ConflictException({ message: MSG.matchIsDisputed });
      if (match.status !== 'in-progress') throw new ConflictException({ message: MSG.matchNotInProgress });
      const board = buildBoard(match, players, setup, await this.witnessed.eventsOf(matchId, tx.manager), Date.now());
      const [a, b] = board.streams;
      if (setup.mode !== 'per-team' || !a || !b || (board.state.divergence === null && !(a.finished && b.finished && scoreText(a.score) !== scoreText(b.score)))) {
        throw new ConflictException({ message: WITNESSED_MSG.noDivergence });
      }
      for (const [i, side] of (['A', 'B'] as const).entries()) {
        const s = board.streams[i].score;
        await this.matches.upsertReport(matchId, side, 'report', counting[i].userId, { a: s.A, b: s.B }, tx.manager);
      }
      await this.settlement.dispute(tx, match, players);
      return WITNESSED_MSG.disputeOpened;
    });
  }
}
