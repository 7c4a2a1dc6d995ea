import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';

/** Liveness and readiness. */
@Module({ controllers: [HealthController], providers: [HealthRepository] })
export class HealthHttpModule {}
