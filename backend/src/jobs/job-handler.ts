import type { Job } from 'bullmq';
import type { JobData, QueueName } from './queues';

export const JOB_HANDLER = Symbol('job-handler');

export interface JobHandlerOptions {
  /** Jobs of this queue run at the same time in one worker process. */
  concurrency: number;
}

export interface JobHandlerMeta extends JobHandlerOptions {
  queue: QueueName;
}

/** What a queue's handler implements. */
export interface JobProcessor<Q extends QueueName> {
  /** Runs one job; what it returns is logged when it is a short string (an outcome). */
  handle(data: JobData[Q], job: Job<JobData[Q]>): Promise<unknown>;
  /** Called once a job has failed its last attempt (e.g. to tell the player). */
  onFinalFailure?(data: JobData[Q], error: Error): Promise<void>;
}

/**
 * Binds a provider class to a queue: the worker's JobRunner runs it for every job of that queue.
 * Each queue has exactly one handler; the worker refuses to boot otherwise.
 */
export function JobHandler(queue: QueueName, options: JobHandlerOptions): ClassDecorator {
  return (target) => Reflect.defineMetadata(JOB_HANDLER, { queue, ...options } satisfies JobHandlerMeta, target);
}
