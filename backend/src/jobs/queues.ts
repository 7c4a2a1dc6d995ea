import type { ConnectionOptions, DefaultJobOptions, JobsOptions, QueueOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { WorkerRedis } from './worker-redis';

/** Every queue of the system; the worker runs exactly one handler for each (docs/jobs.md). */
export const QUEUES = {
  email: 'email',
  idVerification: 'id-verification',
  rating: 'rating',
  matchDeadlines: 'match-deadlines',
  push: 'push',
  courtHolds: 'court-holds',
  fairPlay: 'fair-play',
  chatPartitions: 'chat-partitions',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_TOKENS: Record<QueueName, string> = {
  email: 'QUEUE_email',
  'id-verification': 'QUEUE_id-verification',
  rating: 'QUEUE_rating',
  'match-deadlines': 'QUEUE_match-deadlines',
  push: 'QUEUE_push',
  'court-holds': 'QUEUE_court-holds',
  'fair-play': 'QUEUE_fair-play',
  'chat-partitions': 'QUEUE_chat-partitions',
};

export type MailKind = 'verify_email' | 'reset_password';

/**
 * An account mail to send: its kind and whom it is for, by account id or by the address a visitor
 * typed; never a token or a link. The worker looks the account up and issues the token when it
 * sends the mail, so the raw token exists only in the mail (docs/accounts.md#mail-delivery).
 */
export type MailRequest = { kind: MailKind; userId: number } | { kind: MailKind; email: string };
export type EmailJob = MailRequest;

/**
 * Brings a rating pool up to date: the overall pool, or the league pool of `matchId`'s league
 * (docs/rating.md#redelivery). `matchId` is the completion that enqueued the job; `players` is
 * written by the handler before its commit (the players whose entries that attempt rewrites), so
 * a retry knows whose leaderboard entries to repair.
 */
export interface RatingJob {
  matchId: number;
  players?: number[];
}

/**
 * Match deadlines (docs/matches.md#deadlines): the second score reminder (24 h after the start),
 * the single report standing (48 h after the start) and the void of a dispute still open 72 h
 * after it began.
 */
export interface MatchDeadlineJob {
  kind: 'second-reminder' | 'single-report' | 'void-dispute' | 'moderation-void';
  matchId: number;
}

/**
 * The ID check: only ids. The photos stay in id_check_photos, so they never enter Redis, the
 * failed-job set or a log line.
 */
export interface IdVerificationJob {
  uploadId: number;
  userId: number;
}

/**
 * One Web Push to every device of one player (docs/notifications.md#web-push). The text is what the
 * bell already shows; the worker checks the player's settings and devices when it sends.
 */
export interface PushJob {
  userId: number;
  payload: import('@gotnext/shared').PushPayload;
}

/**
 * The end of a court call's 90 s hold (docs/courts.md#calling-next): players of round `round` of
 * call `callId` who have not confirmed go to the end of the queue and the next ones are called.
 */
export interface CourtHoldJob {
  callId: number;
  round: number;
}

/**
 * The fair-play work of the worker (docs/rating.md#integrity, #glass-box): `scan` reads the whole
 * ranked history for the integrity analysis (nightly, and after a report or a dispute); `calibrate`
 * measures the rating's accuracy (nightly). One of each waits at a time (deduplicated by kind).
 */
export interface FairPlayJob {
  kind: 'scan' | 'calibrate';
  /** Why it runs (logs only). */
  reason: 'nightly' | 'report' | 'dispute' | 'boot';
}

/** The chats' coming months made ready (docs/scaling.md#partitioned-chat); `reason` is for logs only. */
export interface ChatPartitionsJob {
  reason: 'daily' | 'boot';
}

/** The payload of each queue's jobs: the one contract between producers and handlers. */
export interface JobData {
  email: EmailJob;
  'id-verification': IdVerificationJob;
  rating: RatingJob;
  'match-deadlines': MatchDeadlineJob;
  push: PushJob;
  'court-holds': CourtHoldJob;
  'fair-play': FairPlayJob;
  'chat-partitions': ChatPartitionsJob;
}

/**
 * Job ids come from domain ids, so enqueuing the same thing twice is a no-op (BullMQ keeps one
 * job per id); a mail request, which has none, gets a random one. BullMQ forbids ':' in custom ids, hence the dashes.
 */
export const jobIds = {
  /** A mail request has no row of its own; each request is one job (the per-inbox limit bounds them). */
  email: (kind: MailKind, requestId: string) => `${kind}-${requestId}`,
  rating: (matchId: number) => `match-${matchId}`,
  matchDeadline: (kind: MatchDeadlineJob['kind'], matchId: number) => `${kind}-${matchId}`,
  idVerification: (uploadId: number) => `id-check-${uploadId}`,
  /** One push per source: a notification row, a direct message, a player's match start. */
  push: (source: string) => `push-${source}`,
  /** One job per round of a call: a round's players are called once, so its hold ends once. */
  courtHold: (callId: number, round: number) => `court-hold-${callId}-${round}`,
};

/**
 * How a settled match enqueues its pool's rating job (docs/rating.md#redelivery): one job per pool
 * waiting at a time. While a pool's job waits, a further completion adds nothing (BullMQ
 * deduplication on the pool); the handler frees the key when it starts, before it reads what is
 * pending, so a completion committed after that read gets a job of its own. The job id still comes
 * from the match (a league one also carries the time: a contested match settles twice).
 */
export function ratingJobOptions(matchId: number, leagueId?: number | null): JobsOptions {
  return leagueId
    ? { jobId: `${jobIds.rating(matchId)}-league-${Date.now()}`, deduplication: { id: `pool-league-${leagueId}` } }
    : { jobId: jobIds.rating(matchId), deduplication: { id: 'pool-overall' } };
}

/** OCR failures are rarely fixed by retrying many times; three tries, then the player is told. */
export const ID_VERIFICATION_ATTEMPTS = 3;

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

/**
 * A producer's connection (the API's and the worker's Queue instances): while Redis is away an
 * add fails at once instead of waiting in ioredis' offline queue, and one sent to a Redis that
 * hangs fails after a second (and at once, once the process knows it hangs: jobs.module.ts). The
 * unit of work keeps the event in the outbox, and the relay
 * enqueues it once Redis answers again (docs/jobs.md#the-outbox). Workers use workerConnection:
 * their blocking reads must wait.
 */
export function producerConnection(redisUrl: string): ConnectionOptions {
  return { ...bullConnection(redisUrl), enableOfflineQueue: false, commandTimeout: 1000, maxRetriesPerRequest: 1, retryStrategy: producerRetry } as ConnectionOptions;
}

/**
 * A producer reconnects at most 1 s apart. BullMQ's own default backs off exponentially to 20 s, so
 * after a Redis restart every enqueue (forgot-password, say) kept failing for up to 20 s more
 * (redis-hang.int-spec.ts). Reconnecting is one TCP connect: cheap enough to try every second.
 */
export const producerRetry = (times: number): number => Math.min(times * 100, 1000);

/**
 * A worker's connection (its command and blocking clients): the blocking reads keep waiting for
 * Redis (no command timeout, no retry cap) but reconnect as fast as a producer's, so a worker takes
 * jobs again within about a second of Redis answering (BullMQ's default back-off had reached 20 s:
 * worker-reconnect.int-spec.ts). A client of its own, which BullMQ duplicates for the blocking reads
 * and leaves to the caller to close (job-runner.ts), because ioredis' own cannot always be closed.
 */
export function workerConnection(redisUrl: string): WorkerRedis {
  return new WorkerRedis({ ...bullConnection(redisUrl), retryStrategy: producerRetry } as RedisOptions);
}

/** How long a worker's fetch loop pauses after a connection error (BullMQ's default: 15 s). */
export const WORKER_RUN_RETRY_MS = 1000;

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

/**
 * A producer Queue's options (jobs.module.ts). BullMQ caches its connection's set-up once per
 * Queue: waiting for ioredis' 'ready' and an INFO for the version. Under the producer's 1 s command
 * timeout, an event loop busy for over a second at that moment (a process booting on a loaded
 * machine) failed that INFO, and every later add of that Queue failed at once with the same
 * "Command timed out", for the life of the process (CI's play-loop failures). So the set-up sends
 * nothing and waits for nothing: ioredis connects and reconnects on its own, an add before it is
 * ready fails at once like one while Redis is away, and the outbox relays it
 * (docs/jobs.md#the-outbox). The version check is for Workers, whose blocking reads need it.
 */
export function producerQueueOptions(redisUrl: string, redisPrefix: string): QueueOptions {
  return {
    connection: producerConnection(redisUrl),
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
    skipVersionCheck: true,
    skipWaitingForReady: true,
  };
}
