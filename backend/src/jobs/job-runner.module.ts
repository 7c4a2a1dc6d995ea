import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobRunner } from './job-runner';

/** The worker's job runner; it finds the @JobHandler providers of the modules the worker imports. */
@Module({
  imports: [DiscoveryModule],
  providers: [JobRunner],
})
export class JobRunnerModule {}
