import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsEmpty, IsIn, Matches, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateIf, validateSync } from 'class-validator';
import { IsTrustedProxyList } from './trusted-proxies';

/**
 * Every setting the API and the worker read, validated once at boot so a typo fails fast with a
 * clear line instead of a confusing error minutes later. `.env.example` lists the same keys.
 */
export class EnvSchema {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsUrl({ require_tld: false, protocols: ['postgres', 'postgresql'] }, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL: string;

  @IsUrl({ require_tld: false, protocols: ['redis', 'rediss'] }, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL: string;

  /** Namespaces every Redis key, queue and pub/sub channel, so several deployments (or test files) can share one Redis. */
  @IsString()
  @MinLength(1)
  REDIS_PREFIX = 'gotnext';

  /**
   * host:port,host:port,… of a Redis Cluster: Socket.IO's fan-out then runs on sharded pub/sub
   * there (docs/scaling.md#redis-cluster); unset, it stays on REDIS_URL.
   */
  @IsOptional()
  @Matches(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, { message: 'REDIS_CLUSTER_NODES must be host:port[,host:port…]' })
  REDIS_CLUSTER_NODES?: string;

  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET: string;

  @IsString()
  JWT_EXPIRES_IN = '7d';

  /**
   * The key of the documents' keyed hashes (HMAC-SHA256 of jurisdiction + document number), so one
   * document verifies one account without the number ever being stored (docs/identity-rules.md#one-person-one-account).
   * Changing it forgets which documents are verified: keep it as long as the data.
   */
  @IsString()
  @MinLength(32, { message: 'ID_DOCUMENT_SECRET must be at least 32 characters' })
  ID_DOCUMENT_SECRET: string;

  /**
   * The key of the sessions' device and address hashes (HMAC-SHA256), which the integrity analysis
   * compares between opponents without a raw address ever being stored (docs/rating.md#integrity).
   * Changing it only forgets which past sessions shared a device.
   */
  @IsString()
  @MinLength(32, { message: 'INTEGRITY_HASH_SECRET must be at least 32 characters' })
  INTEGRITY_HASH_SECRET: string;

  /**
   * A face already verified on another live account (docs/identity-rules.md#one-face-one-account):
   * `refuse` the verification (production), or `flag` it for ops and let it pass, for staging and
   * test environments whose test material has few distinct faces.
   */
  @IsIn(['refuse', 'flag'], { message: 'ID_FACE_UNIQUE must be refuse or flag' })
  ID_FACE_UNIQUE: 'refuse' | 'flag' = 'refuse';

  /**
   * Web Push (docs/notifications.md#web-push): the VAPID key pair (base64url, from
   * web-push's generateVAPIDKeys) the push services know this server by. `npm start` generates
   * them once into .data/ when unset; without them push is off.
   */
  @IsOptional()
  @IsString()
  VAPID_PUBLIC_KEY?: string;

  @IsOptional()
  @IsString()
  VAPID_PRIVATE_KEY?: string;

  /**
   * Tests only, never in production: comma-separated hosts (no port) a push endpoint may name
   * besides the public push services, reached on whatever address they resolve to, loopback
   * included, so an integration test can run a push service of its own
   * (docs/notifications.md#push-services-only). Refused in any other mode.
   */
  @IsOptional()
  @IsString()
  @ValidateIf((o) => o.PUSH_TEST_HOSTS !== undefined && o.NODE_ENV !== 'test')
  @IsEmpty({ message: 'PUSH_TEST_HOSTS is for tests only (NODE_ENV=test): production pushes go to the public push services only' })
  PUSH_TEST_HOSTS?: string;

  /** A contact for the push services (mailto: or https:). */
  @IsString()
  VAPID_SUBJECT = 'mailto:ops@gotnext.app';

  /** Base of every link in an e-mail; never taken from the request's Host header. */
  @IsUrl({ require_tld: false, require_protocol: true })
  PUBLIC_URL = 'http://localhost:3000';

  /** Comma-separated origins allowed by CORS (the SPA is same-origin; this is for the Vite dev server and the like). */
  @IsString()
  CORS_ORIGINS = 'http://localhost:3000,http://localhost:5173';

  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['smtp', 'smtps'] }, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'GotNext <no-reply@gotnext.app>';

  /** Where mail goes when SMTP_URL is not set. */
  @IsString()
  OUTBOX_DIR = '.data/outbox';

  @IsString()
  ADMIN_USER = 'admin';

  @IsOptional()
  @IsString()
  ADMIN_PASSWORD?: string;

  /** Folder of the built SPA that the API serves; empty turns static serving off. */
  @IsString()
  STATIC_DIR = '';

  @IsIn(['json', 'text'])
  LOG_FORMAT: 'json' | 'text' = 'json';

  /**
   * After SIGTERM, in-flight requests and jobs get this long to finish; then the process exits
   * anyway (docker-compose's stop_grace_period is 20 s, after which it sends SIGKILL).
   */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(100)
  @Max(60000)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /** How often each process relays outbox rows that were not delivered after their commit (docs/jobs.md#the-outbox). */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(50)
  @Max(60000)
  OUTBOX_RELAY_INTERVAL_MS = 1000;

  /**
   * Tests only: a process with NODE_ENV=test stops right after committing a transaction that
   * recorded this domain event, before delivering it (the kill -9 test of the outbox). Refused in
   * any other mode.
   */
  @IsOptional()
  @IsString()
  @ValidateIf((o) => o.OUTBOX_TEST_PAUSE_AFTER_COMMIT !== undefined && o.NODE_ENV !== 'test')
  @IsEmpty({ message: 'OUTBOX_TEST_PAUSE_AFTER_COMMIT is for tests only (NODE_ENV=test)' })
  OUTBOX_TEST_PAUSE_AFTER_COMMIT?: string;

  /**
   * Proxies whose X-Forwarded-For the API believes (Fastify trustProxy), comma-separated: IP
   * addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. Empty: none, the client
   * address is the connection's own, and a forwarded header is ignored (docs/accounts.md#throttling).
   */
  @Transform(({ value }) => String(value ?? '').trim())
  @IsTrustedProxyList()
  TRUSTED_PROXIES = '';

  /** Failed logins are counted in windows of this length, opened by the first failure (docs/accounts.md#throttling). */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  LOGIN_WINDOW_SECONDS = 900;

  /** Failures on one account from one address before that pair is locked for the rest of the window. */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS = 5;

  /** Failures on one account from every address together before addresses it has not logged in from are locked. */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;

  /** Distinct accounts one address may fail on (password spraying) before it may try only accounts it has logged in to. */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  LOGIN_MAX_ACCOUNTS_PER_ADDRESS = 20;

  /**
   * Successful logins of one account per LOGIN_WINDOW_SECONDS (docs/accounts.md#argon2-budget):
   * a right password still costs an argon2 verification, so a script that knows it is capped too.
   */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  LOGIN_MAX_SUCCESSES_PER_ACCOUNT = 20;

  /** Live sessions of one account; a new login ends the oldest beyond this (docs/accounts.md#argon2-budget). */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  SESSIONS_MAX_PER_ACCOUNT = 20;

  /** Password resets (each may cost an argon2 hash) one client address may try per hour. */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  RESET_PASSWORD_MAX_PER_ADDRESS = 20;

  /** Sign-ups per client address per hour. */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  SIGNUP_MAX_PER_ADDRESS = 20;

  /** Account mails (verification, password reset) one client address may ask for per hour. */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  MAIL_MAX_PER_ADDRESS = 20;

  /** Mails of one kind to one inbox per hour, whoever asks. */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  MAIL_MAX_PER_INBOX = 3;

  /** Chat messages one player may send per window, per chat channel, counted in Redis (docs/social.md#chat-building-blocks). */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  CHAT_SEND_LIMIT = 20;

  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  CHAT_SEND_WINDOW_SECONDS = 30;

  /**
   * Events one socket may send per second (docs/realtime.md#limits). A screen joins a handful of
   * rooms and a player types a message now and then; the chat bench lifts it, as it lifts
   * CHAT_SEND_LIMIT, because its few players each send hundreds of messages a second.
   */
  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  SOCKET_EVENTS_PER_SECOND = 20;
}

export type AppConfig = EnvSchema;

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(EnvSchema, defined, { exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ') || 'invalid'}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return config;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
