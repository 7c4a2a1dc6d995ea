import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { LeagueAccess } from './league-access';
import { LeagueInvitesRepository } from './league-invites.repository';
import { LeagueMembershipService } from './league-membership.service';
import { LeaguesRepository } from './leagues.repository';

/**
 * Leagues and their members: the tables, where a player stands (LeagueAccess, which league
 * matches ask too), joining and leaving.
 */
@Module({
  imports: [UsersModule],
  providers: [LeaguesRepository, LeagueInvitesRepository, LeagueAccess, LeagueMembershipService],
  exports: [LeaguesRepository, LeagueInvitesRepository, LeagueAccess, LeagueMembershipService],
})
export class LeaguesModule {}
