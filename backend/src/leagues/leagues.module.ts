import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { LeagueAccess } from './league-access';
import { LeagueInvitesRepository } from './league-invites.repository';
import { LeagueMembershipService } from './league-membership.service';
import { LeaguesAccountListener } from './leagues-account.listener';
import { LeaguesRepository } from './leagues.repository';

/**
 * Leagues and their members for both processes: the tables, where a player stands (LeagueAccess,
 * which league matches will ask too), joining and leaving, and a deleted account leaving its
 * leagues (a listener of `account.deleted`, which the worker's outbox relay may deliver too).
 */
@Module({
  imports: [UsersModule],
  providers: [LeaguesRepository, LeagueInvitesRepository, LeagueAccess, LeagueMembershipService, LeaguesAccountListener],
  exports: [LeaguesRepository, LeagueInvitesRepository, LeagueAccess, LeagueMembershipService],
})
export class LeaguesModule {}
