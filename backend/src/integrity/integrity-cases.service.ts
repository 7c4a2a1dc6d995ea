import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  APPEAL_MAX_LENGTH,
  displayRating,
  MSG,
  NOTIFICATION_TYPES,
  type AdminIntegrityResponse,
  type IntegrityCaseView,
  type MessageResponse,
  type OwnIntegrityCasesResponse,
} from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { Notifier } from '../notifications/notifier';
import { replayAllPools } from '../ratings/pool-replay';
import { RatingsRepository } from '../ratings/ratings.repository';
import { IntegrityRepository, type CaseRow } from './integrity.repository';

const KIND_WORDS = { ring: 'a boosting ring', boosting: 'boosting', sandbagging: 'sandbagging' } as const;

/**
 * The ops' decisions on fair-play cases and the flagged player's one appeal (docs/rating.md#integrity).
 * A confirmation takes the case's matches out of every pool and replays the history in one unit
 * of work under the rating lock: whoever those matches took rating from gets it back, and each
 * player whose rating moved is told in their bell.
 */
@Injectable()
export class IntegrityCases {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly integrity: IntegrityRepository,
    private readonly ratings: RatingsRepository,
    private readonly notifier: Notifier,
  ) {}

  async queue(): Promise<AdminIntegrityResponse> {
    const rows = await this.integrity.cases();
    const names = new Map((await this.integrity.usernames([...new Set(rows.flatMap((r) => r.with_ids))])).map((n) => [n.id, n.deleted ? 'Deleted player' : n.username]));
    return { cases: rows.map((r) => view(r, names)) };
  }

  async decide(caseId: number, decision: 'confirm' | 'dismiss'): Promise<MessageResponse> {
    return this.uow.run(async (tx) => {
      const m = tx.manager;
      // The rating lock before the case row: every rating writer takes it first, so the order never deadlocks.
      await this.ratings.lockPools(m);
      const c = await this.integrity.lockCase(caseId, m);
      if (!c) throw new NotFoundException({ message: MSG.integrityCaseNotFound });
      if (c.status !== 'open') throw new ConflictException({ message: MSG.integrityCaseDecided });
      if (decision === 'dismiss') {
        await this.integrity.decide(caseId, 'dismissed', m);
        return { message: MSG.integrityCaseDismissed };
      }
      await this.integrity.decide(caseId, 'confirmed', m);
      await this.integrity.taint(c.match_ids, m);
      const moved = await replayAllPools(this.ratings, m);
      const involved = new Set(await this.integrity.playersOf(c.match_ids, m));
      const told = moved.filter((r) => involved.has(r.userId));
      const shown = (r: number | null) => displayRating(r ?? 1500);
      await this.notifier.notify(tx, [
        ...told
          .filter((r) => r.userId !== c.user_id)
          .map((r) => ({
            userId: r.userId,
            type: NOTIFICATION_TYPES.fairPlay,
            message: `Fair play: games against a player confirmed for ${KIND_WORDS[c.kind]} no longer count. Your rating is now ${shown(r.after)} (was ${shown(r.before)}).`,
            relatedId: caseId,
          })),
        {
          userId: c.user_id,
          type: NOTIFICATION_TYPES.fairPlay,
          message: `Fair play: ops confirmed ${KIND_WORDS[c.kind]} in ${c.match_ids.length} of your games; they no longer count. You can appeal once.`,
          relatedId: caseId,
        },
      ]);
      if (moved.length) tx.emit('player.changed', { userIds: moved.map((r) => r.userId) });
      return { message: MSG.integrityCaseConfirmed };
    });
  }

  async own(userId: number): Promise<OwnIntegrityCasesResponse> {
    const rows = await this.integrity.ownCases(userId);
    return {
      cases: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        evidence: r.evidence,
        matches: r.match_ids.length,
        decided_at: r.decided_at && new Date(r.decided_at).toISOString(),
        appeal: r.appeal,
      })),
    };
  }

  /** Once: one UPDATE guarded on `appeal IS NULL`, so two racing appeals leave exactly one. */
  async appeal(caseId: number, userId: number, raw: unknown): Promise<MessageResponse> {
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (!text) throw new BadRequestException({ message: MSG.appealTextRequired });
    if (text.length > APPEAL_MAX_LENGTH) throw new BadRequestException({ message: MSG.appealTooLong });
    if (await this.integrity.appeal(caseId, userId, text)) return { message: MSG.appealSent };
    const c = await this.integrity.caseOf(caseId);
    if (!c) throw new NotFoundException({ message: MSG.integrityCaseNotFound });
    if (c.user_id !== userId) throw new ForbiddenException({ message: MSG.integrityCaseNotFound });
    if (c.status !== 'confirmed') throw new ConflictException({ message: MSG.appealNotOpen });
    throw new ConflictException({ message: MSG.appealAlreadySent });
  }
}

function view(r: CaseRow, names: Map<number, string>): IntegrityCaseView {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    kind: r.kind,
    score: r.score,
    status: r.status,
    evidence: r.evidence,
    match_ids: r.match_ids,
    with: r.with_ids.map((id) => ({ user_id: id, username: names.get(id) ?? `#${id}` })),
    created_at: new Date(r.created_at).toISOString(),
    decided_at: iso(r.decided_at),
    appeal: r.appeal,
    appealed_at: iso(r.appealed_at),
  };
}
