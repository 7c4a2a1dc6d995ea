import { Injectable } from '@nestjs/common';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { LeagueMembershipService } from './league-membership.service';

/**
 * A deleted account leaves its leagues (docs/leagues.md#deleted-players): a league it ran passes
 * on as when its administrator leaves, and one it was the last member of is archived.
 */
@Injectable()
export class LeaguesAccountListener {
  constructor(private readonly membership: LeagueMembershipService) {}

  @OnDomainEvent('account.deleted', { runsIn: ['api'] })
  leaveEverything({ userId }: DomainEvents['account.deleted']): Promise<void> {
    return this.membership.removeDeletedPlayer(userId);
  }
}
