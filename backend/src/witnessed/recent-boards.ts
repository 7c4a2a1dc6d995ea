import { Injectable } from '@nestjs/common';
import type { ScoreEvent } from '@gotnext/shared';
import type { StoredBoard } from './witnessed-state';

/** Boards kept per API instance; a live match taps every few seconds, so this covers thousands of courts. */
const MAX_BOARDS = 5_000;
/** A board is read again after this long without a tap here, whatever happened meanwhile. */
const KEEP_MS = 60_000;

/**
 * The board each live match had after its last tap stored through this instance, so the next tap
 * is checked without reading it again (one round trip to PostgreSQL a tap instead of two). It may
 * lack what was stored since through another instance; that is safe because the append itself
 * stores only if the board still holds for the scorer (the match in play, no event of theirs past
 * it) and answers every event since, which brings it up to date. What else a board holds (roster,
 * scorers, start) cannot change while the match is in play. Only in-progress boards are kept; a
 * stale append drops the board.
 */
@Injectable()
export class RecentBoards {
  private readonly boards = new Map<number, { board: StoredBoard; at: number }>();

  get(matchId: number, now = Date.now()): StoredBoard | undefined {
    const kept = this.boards.get(matchId);
    if (!kept) return undefined;
    if (now - kept.at > KEEP_MS) {
      this.boards.delete(matchId);
      return undefined;
    }
    return kept.board;
  }

  /** The board after a store: the one checked, with every event stored since it (`since`, theirs and the other scorer's) and the new last id. */
  stored(board: StoredBoard, since: ScoreEvent[], last: string, now = Date.now()): StoredBoard {
    const next: StoredBoard = { ...board, events: [...board.events, ...since], lastEventId: last };
    this.boards.delete(board.match.id);
    if (board.match.status === 'in-progress') {
      this.boards.set(board.match.id, { board: next, at: now });
      // Map order is insertion order: the first is the longest without a tap here.
      if (this.boards.size > MAX_BOARDS) this.boards.delete(this.boards.keys().next().value!);
    }
    return next;
  }

  drop(matchId: number): void {
    this.boards.delete(matchId);
  }
}
