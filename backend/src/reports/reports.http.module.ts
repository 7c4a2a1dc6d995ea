import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { ReportsAdminController } from './reports-admin.controller';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/** Reporting a player, and the ops page that reads the reports. */
@Module({
  imports: [AdminModule, SessionsModule, UsersModule],
  controllers: [ReportsController, ReportsAdminController],
  providers: [ReportsRepository, ReportsService],
})
export class ReportsHttpModule {}
