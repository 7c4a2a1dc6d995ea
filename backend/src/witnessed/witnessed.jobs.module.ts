import { Module } from '@nestjs/common';
import { RealtimeEmitterModule } from '../realtime/realtime-emitter.module';
import { WitnessedSettledPush } from './witnessed.listeners';
import { WitnessedModule } from './witnessed.module';

/** The worker side: a match its deadline job settles still tells its open scoreboard. */
@Module({
  imports: [WitnessedModule, RealtimeEmitterModule],
  providers: [WitnessedSettledPush],
})
export class WitnessedJobsModule {}
