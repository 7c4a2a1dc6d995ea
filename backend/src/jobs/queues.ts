import type { ConnectionOptions, DefaultJobOptions } from 'bullmq';

/** Every queue of the system; the worker process runs their processors. */
export const QUEUES = { email: 'email', idVerification: 'id-verification', rating: 'rating', matchDeadlines: 'match-deadlines' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_TOKENS: Record<QueueName, string> = {
  email: 'QUEUE_email',
  'id-verification': 'QUEUE_id-verification',
  rating: 'QUEUE_rating',
  'match-deadlines': 'QUEUE_match-deadlines',
};

export type EmailJob =
  | { kind: 'verify_email'; userId: number; to: string; link: string }
  | { kind: 'reset_password'; userId: number; to: string; link: string };

/**
 * Job ids come from domain ids, so enqueuing the same thing twice is a no-op (BullMQ keeps one
 * job per id). BullMQ forbids ':' in custom ids, hence the dashes.
 */
export const jobIds = {
  email: (kind: EmailJob['kind'], tokenId: number) => `${kind}-${tokenId}`,
  rating: (matchId: number) => `match-${matchId}`,
  matchDeadline: (kind: MatchDeadlineJob['kind'], matchId: number) => `${kind}-${matchId}`,
};

/** Rates a completed ranked match (and any earlier completed one still unrated) in the overall pool. */
export interface RatingJob {
  matchId: number;
}

/**
 * Match deadlines (RULES.md): the second score reminder (24 h after the start), the single report
 * standing (48 h after the start) and the void of a dispute still open 72 h after it began.
 */
export interface MatchDeadlineJob {
  kind: 'second-reminder' | 'single-report' | 'void-dispute';
  matchId: number;
}

/** Retries with exponential backoff; finished jobs are kept for a bounded time and count. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
};

/** BullMQ takes ioredis options; ours come from REDIS_URL. */
export function bullConnection(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;
