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
  type ScoreboardState,
  type ScoreboardView,
  type ScoreEvent,
  type SpectatorScoreboard,
} from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { MatchesRepository } from '../matches/matches.repository';
import { MatchSettlement } from '../matches/match-settlement';
import { RateLimiter } from '../throttle/rate-limiter';
import { buildBoard, countingScorers, scorerSetup } from './witnessed-board';
import { WitnessedRepository } from './witnessed.repository';
import { WitnessedState, type StoredBoard } from './witnessed-state';
import { dropMessage, ScoreRefused } from './score-refused';
import { RecentBoards } from './recent-boards';

/** Checks of a batch against a fresh board before giving up: only the same scorer storing on another phone makes one stale. */
const APPEND_ATTEMPTS = 5;

export interface Recorded {
  stored: ScoreEvent[];
  duplicates: ScoreEvent[];
  view: ScoreboardView;
}

/**
 * Taps, consensus and disputes of witnessed scoring (docs/matches.md#witnessed-score). Every
 * write holds the match row lock (a tap's append inside PostgreSQL, settlement and dispute in
 * their transactions), so two scorers' last taps on two instances see each other and the match
 * completes once; completion and dispute go through MatchSettlement with the streams written as
 * the two sides' reports, exactly as two reports would settle it.
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
    private readonly recent: RecentBoards,
  ) {}

  /** The players' scoreboard (403 to anyone else). */
  async view(actorId: number, matchId: number): Promise<ScoreboardView> {
    const board = await this.boards.read(matchId);
    if (!board.players.some((p) => p.user_id === actorId)) throw new ForbiddenException({ message: MSG.notInMatch });
    return this.boards.view(board, actorId).view;
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
   *
   * Checked against a snapshot of the board, then appended by one statement that holds the match's
   * lock only inside PostgreSQL (`WitnessedRepository.append`): one round trip a tap on the board
   * this instance kept (RecentBoards), two when it reads it, where a transaction holding the lock
   * across the checks took five. A scorer's stream changes only by
   * their own appends, so the snapshot is stale only when they stored more meanwhile (another
   * phone) or the match left play: then it is read and checked again.
   */
  async record(actorId: number, matchId: number, events: NewScoreEvent[]): Promise<Recorded> {
    if (events.length > WITNESSED_LIMITS.batchMax) throw new ScoreRefused('invalid', WITNESSED_MSG.tooManyEvents);
    // The board this instance kept from the last tap it stored is tried first. It may be behind
    // (RecentBoards): an append against it that turns out stale, or any refusal or duplicate it
    // finds, is judged again on the board as stored.
    let kept = this.recent.get(matchId);
    for (let attempt = 1; ; attempt += 1) {
      const board = kept ?? (await this.boards.read(matchId));
      const checked = kept ? this.checkKept(actorId, board, events) : this.check(actorId, board, events);
      if (!checked) {
        kept = undefined;
        attempt -= 1; // the kept board's try is not one of the scorer's attempts
        continue;
      }
      if (!checked.fresh.length) return this.recorded(actorId, board, [], checked.duplicates);
      const appended = await this.witnessed.append(matchId, actorId, board.lastEventId, checked.fresh);
      if (appended.outcome !== 'stored') this.recent.drop(matchId);
      if (appended.outcome === 'stale' && kept) {
        kept = undefined;
        attempt -= 1; // the kept board's try is not one of the scorer's attempts
        continue;
      }
      if (appended.outcome === 'taken')
        checked.refuse(
          events.findIndex((e) => appended.taken.includes(e.clientEventId)),
          'invalid',
        );
      if (appended.outcome === 'stored') {
        const ids = new Set(checked.fresh.map((e) => e.clientEventId));
        const stored = appended.events.filter((e) => ids.has(e.clientEventId));
        return this.recorded(actorId, this.recent.stored(board, appended.events, appended.last), stored, checked.duplicates);
      }
      // Stale several times running: a scorer tapping on several phones at once.
      if (attempt >= APPEND_ATTEMPTS) throw new ScoreRefused('rate', WITNESSED_MSG.rate);
    }
  }

  /** `check` on a kept board: null where only the stored board can tell (a refusal, or nothing new). */
  private checkKept(actorId: number, board: StoredBoard, events: NewScoreEvent[]) {
    try {
      const checked = this.check(actorId, board, events);
      return checked.fresh.length ? checked : null;
    } catch (err) {
      if (err instanceof ScoreRefused) return null;
      throw err;
    }
  }

  /** The events a board can take from this scorer, in order; the first it cannot take refuses the whole batch. */
  private check(actorId: number, board: StoredBoard, events: NewScoreEvent[]) {
    const { match } = board;
    const setup = scorerSetup(board.scorers, board.players);
    const known = new Map(board.events.map((e) => [e.clientEventId, e]));
    const stream: (NewScoreEvent | ScoreEvent)[] = board.events.filter((e) => e.scorer === actorId);
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
    return { fresh, duplicates, refuse };
  }

  /** After a store: settles the match when both streams now agree, pushes the new events, and answers the scorer's view. */
  private async recorded(actorId: number, board: StoredBoard, stored: ScoreEvent[], duplicates: ScoreEvent[]): Promise<Recorded> {
    const { view, board: built, setup } = this.boards.view(board, actorId);
    if (!stored.length) return { stored, duplicates, view };
    const state = (consensus(setup.mode, built.streams) && (await this.settle(board.match.id))) || built.state;
    await this.uow.committed('score.recorded', { matchId: board.match.id, events: stored, state });
    return { stored, duplicates, view: { ...view, ...state } };
  }

  /**
   * Both streams agree: under the match's lock, on the board read after it, each side's report is
   * its scorer's stream and the match completes as agreed reports do, once (the other scorer's
   * last tap, a report or a deadline may have settled it first: then nothing happens here). A plain
   * transaction, so its commit waits for the WAL flush: nobody is told of a result, and no rating
   * job runs, for a completion a crash of PostgreSQL could still take back. Answers the completed
   * board's state, or null when nothing was settled here.
   */
  private async settle(matchId: number): Promise<ScoreboardState | null> {
    return this.uow.run(async (tx) => {
      await this.matches.lock(matchId, tx.manager);
      const board = (await this.witnessed.board(matchId, tx.manager))!;
      const setup = scorerSetup(board.scorers ?? (await this.witnessed.scorers(matchId, tx.manager)), board.players);
      const { state, streams } = buildBoard(board.match, board.players, setup, board.events, Date.now());
      const final = board.match.status === 'in-progress' ? consensus(setup.mode, streams) : null;
      if (!final) return null;
      const scores = { a: final.A, b: final.B };
      for (const side of ['A', 'B'] as const) {
        const by = setup.mode === 'single' ? setup.single!.userId : setup.teamScorers[side]!;
        await this.matches.upsertReport(matchId, side, 'report', by, scores, tx.manager);
      }
      await this.settlement.complete(tx, board.match, scores, 'agreed');
      return { ...state, status: 'complete', final, live: final };
    });
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
