import { Module } from '@nestjs/common';
import { ThrottleModule } from '../throttle/throttle.module';
import { AdminController } from './admin.controller';
import { AdminGuard } from './admin.guard';
import { AdminLogin } from './admin-login';

/**
 * The ops area's one login. Each feature's admin controller (reports, disputes, articles,
 * identity flags) imports this module and guards itself with AdminGuard; pages browsed directly
 * (the job board, the API docs) use AdminLogin's hook.
 */
@Module({ imports: [ThrottleModule], controllers: [AdminController], providers: [AdminLogin, AdminGuard], exports: [AdminGuard, AdminLogin] })
export class AdminModule {}
