import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { AdminGuard } from './admin.guard';

/**
 * The ops area's one login. Each feature's admin controller (reports, disputes, articles,
 * identity flags) imports this module and guards itself with AdminGuard.
 */
@Module({ controllers: [AdminController], providers: [AdminGuard], exports: [AdminGuard] })
export class AdminModule {}
