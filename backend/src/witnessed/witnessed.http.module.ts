import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { SpectatorScoreboardController, WitnessedController } from './witnessed.controller';
import { WitnessedGateway } from './witnessed.gateway';
import { WitnessedPushes, WitnessedSettledPush } from './witnessed.listeners';
import { WitnessedModule } from './witnessed.module';
import { WitnessedScorersService } from './witnessed-scorers.service';
import { WitnessedScoresService } from './witnessed-scores.service';
import { RecentBoards } from './recent-boards';

/** The scoreboard's calls, its socket events and the spectators' link (API). */
@Module({
  imports: [WitnessedModule, MatchesModule, ThrottleModule, SessionsModule, RealtimeModule],
  controllers: [WitnessedController, SpectatorScoreboardController],
  providers: [WitnessedScoresService, WitnessedScorersService, RecentBoards, WitnessedGateway, WitnessedPushes, WitnessedSettledPush],
  exports: [WitnessedScoresService],
})
export class WitnessedHttpModule {}
