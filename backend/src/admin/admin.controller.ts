import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { AdminSessionResponse } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { AdminGuard } from './admin.guard';

/** The ops area's sign-in check: the SPA's /admin page asks it whether the credentials it was given are right. */
@Controller('admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('session')
  session(): AdminSessionResponse {
    return { user: this.config.ADMIN_USER };
  }
}
