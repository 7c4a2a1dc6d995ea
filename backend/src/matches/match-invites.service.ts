import { Injectable, NotFoundException } from '@nestjs/common';
import { MSG, targetScore, type InvitePreviewResponse } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { RequestLimits } from '../throttle/request-limits';
import { normalizeMatchCode } from './match-code';
import { MatchInvitesRepository } from './match-invites.repository';

/** Why a verifying signal was not passed on (the ack's words; nothing is pushed). */
export class InviteSignalRefused extends Error {}

/**
 * The invite link for someone who cannot join yet (docs/matches.md#invite-preview): what it
 * shows to anyone holding its code, and the invitee's "verifying my ID" signal to the lobby.
 */
@Injectable()
export class MatchInvitesService {
  constructor(
    private readonly invites: MatchInvitesRepository,
    private readonly limits: RequestLimits,
    private readonly uow: UnitOfWork,
  ) {}

  /** Only what the invite itself says: no roster, no rating, no match id. A wrong code is a plain 404. */
  async preview(address: string, input: unknown): Promise<InvitePreviewResponse> {
    const code = normalizeMatchCode(input);
    const found = await this.limits.inviteLookup(address, async () => (code ? this.invites.byCode(code) : null));
    if (!found) throw new NotFoundException({ message: MSG.inviteLinkNotFound });
    return {
      creator: found.creator,
      match_type: found.match_type,
      ranked: found.ranked,
      scoring_type: found.scoring_type,
      target_score: targetScore(found.scoring_type),
      open: found.status === 'waiting',
      league: found.league_id !== null,
    };
  }

  /**
   * The caller holds `input`, the code of a match still taking players, is not in it and is not
   * verified yet: its lobby learns they are verifying their ID. Anything else is refused.
   */
  async verifying(userId: number, input: unknown): Promise<void> {
    const code = normalizeMatchCode(input);
    const match = code ? await this.invites.byCode(code) : null;
    if (!match || match.status !== 'waiting') throw new InviteSignalRefused(MSG.inviteLinkNotFound);
    const invitee = await this.invites.invitee(match.id, userId);
    if (!invitee || invitee.in_match || invitee.verified) throw new InviteSignalRefused(MSG.inviteLinkNotFound);
    await this.uow.publish('invite.verifying', { matchId: match.id, userId, username: invitee.username });
  }
}
