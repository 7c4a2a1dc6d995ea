import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { LeagueMatchHistorySource } from '../leagues/league-match-history';
import { LeagueHistory } from './league-history';
import { LeagueMatchesRepository } from './league-matches.repository';

/** The league history read alone, so the league's page can carry it without the league match calls. */
@Module({
  imports: [MatchesModule],
  providers: [LeagueHistory, LeagueMatchesRepository, { provide: LeagueMatchHistorySource, useExisting: LeagueHistory }],
  exports: [LeagueHistory, LeagueMatchHistorySource],
})
export class LeagueHistoryModule {}
