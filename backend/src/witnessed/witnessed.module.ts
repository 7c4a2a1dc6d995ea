import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { WitnessedRepository } from './witnessed.repository';
import { WitnessedState } from './witnessed-state';

/** The scoreboard's tables and its state, for both processes. */
@Module({
  imports: [MatchesModule],
  providers: [WitnessedRepository, WitnessedState],
  exports: [WitnessedRepository, WitnessedState],
})
export class WitnessedModule {}
