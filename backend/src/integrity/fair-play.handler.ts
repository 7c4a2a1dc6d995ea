import { Injectable } from '@nestjs/common';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type FairPlayJob } from '../jobs/queues';
import { CalibrationRun } from './calibration-run';
import { IntegrityScan } from './integrity-scan';

/** The worker's fair-play jobs: the integrity scan and the rating's calibration (docs/rating.md#integrity). */
@Injectable()
@JobHandler(QUEUES.fairPlay, { concurrency: 1 })
export class FairPlayHandler implements JobProcessor<typeof QUEUES.fairPlay> {
  constructor(
    private readonly scan: IntegrityScan,
    private readonly calibration: CalibrationRun,
  ) {}

  async handle(job: FairPlayJob): Promise<string> {
    if (job.kind === 'calibrate') return `calibrated on ${(await this.calibration.run()).games} games`;
    const r = await this.scan.run();
    return `scan: ${r.newCases.length} new cases`;
  }
}
