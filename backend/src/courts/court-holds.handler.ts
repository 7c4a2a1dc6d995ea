import { Injectable } from '@nestjs/common';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type CourtHoldJob } from '../jobs/queues';
import { CourtCalls } from './court-calls';

/**
 * A call's 90 s hold ran out: who did not confirm goes to the end of the queue, the next are called.
 * Re-read under the session lock with the database clock, so a job that runs twice or finds the
 * call settled does nothing.
 */
@Injectable()
@JobHandler(QUEUES.courtHolds, { concurrency: 5 })
export class CourtHoldsHandler implements JobProcessor<typeof QUEUES.courtHolds> {
  constructor(private readonly calls: CourtCalls) {}

  handle(job: CourtHoldJob): Promise<string> {
    return this.calls.holdOver(job.callId);
  }
}
