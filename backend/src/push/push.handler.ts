import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type PushJob } from '../jobs/queues';
import { PushRepository } from './push.repository';
import { PushSender } from './push-sender';

/**
 * Sends one push to every device of a player who has that kind switched on; a device whose push
 * service answers 404 or 410, or whose endpoint is no push service this server connects to, is
 * forgotten, and so is one that failed PUSH_DROP_AFTER_FAILURES sends in a row. When some device
 * failed for another reason the job fails and BullMQ retries it; devices that already got it get it again under the same tag, which
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
    // All devices at once, each cut off at PUSH_SEND_TIMEOUT_MS: a job lasts about one timeout
    // whatever its player's devices do (docs/notifications.md#push-budget).
    const outcomes = await Promise.all(devices.map((device) => this.sender.send(device, body)));
    const served = devices.filter((_, i) => outcomes[i] === 'sent');
    const failed = devices.filter((_, i) => outcomes[i] === 'failed');
    const forgotten = devices.filter((_, i) => outcomes[i] === 'gone' || outcomes[i] === 'refused');
    for (const device of forgotten) await this.push.removeById(device.id);
    const dropped = await this.push.recordSends(served, failed);
    if (failed.length > dropped) throw new Error(`push failed on ${failed.length} of ${devices.length} devices`);
    const sent = served.length;
    const gone = forgotten.length + dropped;
    return `sent ${sent}, removed ${gone}`;
  }
}
