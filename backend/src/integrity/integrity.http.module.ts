import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RatingsModule } from '../ratings/ratings.module';
import { SessionsModule } from '../sessions/sessions.module';
import { FairPlayController } from './fair-play.controller';
import { GlassBox } from './glass-box.service';
import { IntegrityAdminController } from './integrity-admin.controller';
import { IntegrityCases } from './integrity-cases.service';
import { IntegrityTrigger } from './integrity-trigger';
import { IntegrityRepository } from './integrity.repository';

/** The API's fair-play calls and the listener that asks the worker for a scan (docs/rating.md#integrity). */
@Module({
  imports: [AdminModule, SessionsModule, JobsModule, NotificationsModule, RatingsModule],
  controllers: [FairPlayController, IntegrityAdminController],
  providers: [IntegrityRepository, IntegrityCases, GlassBox, IntegrityTrigger],
})
export class IntegrityHttpModule {}
