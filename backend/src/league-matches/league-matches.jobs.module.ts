import { Module } from '@nestjs/common';
import { RealtimeEmitterModule } from '../realtime/realtime-emitter.module';
import { LeagueMatchesListeners } from './league-matches.listeners';

/**
 * The worker side of league matches: the pushes that keep a league page's standings and history
 * live when the worker settles a deadline or rates a league pool (through the Redis emitter).
 */
@Module({
  imports: [RealtimeEmitterModule],
  providers: [LeagueMatchesListeners],
})
export class LeagueMatchesJobsModule {}
