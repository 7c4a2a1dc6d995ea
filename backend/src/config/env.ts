import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsEmpty, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateIf, validateSync } from 'class-validator';

/**
 * Every setting the API and the worker read, validated once at boot so a typo fails fast with a
 * clear line instead of a confusing error minutes later. `.env.example` lists the same keys.
 */
export class EnvSchema {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(({ value }) => Number(value))
  @IsInt() @Min(0) @Max(65535)
  PORT = 3000;

  @IsUrl({ require_tld: false, protocols: ['postgres', 'postgresql'] }, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL: string;

  @IsUrl({ require_tld: false, protocols: ['redis', 'rediss'] }, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL: string;

  /** Namespaces every Redis key, queue and pub/sub channel, so several deployments (or test files) can share one Redis. */
  @IsString() @MinLength(1)
  REDIS_PREFIX = 'gotnext';

  @IsString() @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET: string;

  @IsString()
  JWT_EXPIRES_IN = '7d';

  /** Base of every link in an e-mail; never taken from the request's Host header. */
  @IsUrl({ require_tld: false, require_protocol: true })
  PUBLIC_URL = 'http://localhost:3000';

  /** Comma-separated origins allowed by CORS (the SPA is same-origin; this is for the Vite dev server and the like). */
  @IsString()
  CORS_ORIGINS = 'http://localhost:3000,http://localhost:5173';

  @IsOptional() @IsUrl({ require_tld: false, protocols: ['smtp', 'smtps'] }, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'GotNext <no-reply@gotnext.app>';

  /** Where mail goes when SMTP_URL is not set. */
  @IsString()
  OUTBOX_DIR = '.data/outbox';

  @IsString()
  ADMIN_USER = 'admin';

  @IsOptional() @IsString()
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
  @IsInt() @Min(100) @Max(60000)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /** How often each process relays outbox rows that were not delivered after their commit (docs/jobs.md#the-outbox). */
  @Transform(({ value }) => Number(value))
  @IsInt() @Min(50) @Max(60000)
  OUTBOX_RELAY_INTERVAL_MS = 1000;

  /**
   * Tests only: a process with NODE_ENV=test stops right after committing a transaction that
   * recorded this domain event, before delivering it (the kill -9 test of the outbox). Refused in
   * any other mode.
   */
  @IsOptional() @IsString()
  @ValidateIf((o) => o.OUTBOX_TEST_PAUSE_AFTER_COMMIT !== undefined && o.NODE_ENV !== 'test')
  @IsEmpty({ message: 'OUTBOX_TEST_PAUSE_AFTER_COMMIT is for tests only (NODE_ENV=test)' })
  OUTBOX_TEST_PAUSE_AFTER_COMMIT?: string;

  @Transform(({ value }) => Number(value))
  @IsInt() @Min(1)
  LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;

  @Transform(({ value }) => Number(value))
  @IsInt() @Min(1)
  LOGIN_MAX_FAILURES_PER_IP = 30;

  @Transform(({ value }) => Number(value))
  @IsInt() @Min(1)
  LOGIN_WINDOW_SECONDS = 900;
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
