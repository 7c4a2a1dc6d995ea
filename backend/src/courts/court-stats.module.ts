import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { CourtStatsController } from './court-stats.controller';
import { CourtStatsRepository } from './court-stats.repository';
import { CourtStatsService } from './court-stats.service';
import { CourtTimeZones } from './court-time-zones';

/** A court's busy hours and leaders, a player's court titles, and the court's time zone (API; docs/courts.md#busy-hours). */
@Module({
  imports: [SessionsModule],
  controllers: [CourtStatsController],
  providers: [CourtStatsRepository, CourtStatsService, CourtTimeZones],
  exports: [CourtTimeZones],
})
export class CourtStatsModule {}
