import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { LeagueHistory } from './league-history';
import { LeagueMatchesRepository } from './league-matches.repository';

/** The league history read alone, so the league's page can carry it without the league match calls. */
@Module({
  imports: [MatchesModule],
  providers: [LeagueHistory, LeagueMatchesRepository],
  exports: [LeagueHistory],
})
export class LeagueHistoryModule {}
