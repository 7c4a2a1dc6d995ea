import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type PushJob } from '../jobs/queues';
import { PushRepository } from './push.repository';
import { PushSender } from './push-sender';

/**
 * Sends one push to every device of a player who has that kind switched on; a device whose push
 * service answers 404 or 410, or whose endpoint is no push service this server connects to, is
 * forgotten. When some device failed for another reason the job
 * fails and BullMQ retries it; devices that already got it get it again under the same tag, which
 * replaces the first on the phone (docs/notifications.md#web-push).
 */
@Injectable()
@JobHandler(QUEUES.push, { concurrency: 10 })
export class PushHandler implements JobProcessor<typeof QUEUES.push> {
  constructor(
    private readonly push: PushRepository,
    private readonly sender: PushSender,
  ) {}

  async handle({ userId, payload }: PushJob, _job: Job<PushJob>): Promise<string> {
    if (!this.sender.enabled) return 'push off';
    if ((await this.push.disabled(userId)).includes(payload.type)) return 'switched off';
    const devices = await this.push.forUser(userId);
    const body = JSON.stringify(payload);
    let sent = 0;
    let gone = 0;
    let failed = 0;
    for (const device of devices) {
      const outcome = await this.sender.send(device, body);
      if (outcome === 'sent') sent += 1;
      else if (outcome === 'gone' || outcome === 'refused') {
        gone += 1;
        await this.push.removeById(device.id);
      } else failed += 1;
    }
    if (failed) throw new Error(`push failed on ${failed} of ${devices.length} devices`);
    return `sent ${sent}, removed ${gone}`;
  }
}
