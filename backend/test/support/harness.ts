import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import webpush from 'web-push';
import { createClient } from 'redis';
import { AppConfig, loadConfig } from '../../src/config/env';
import { createApp } from '../../src/app.factory';
import { runMigrations } from '../../src/database/migrate';
import { WorkerModule } from '../../src/worker.module';
import { recentLogs } from './recent-logs';

/** Where the test services live; CI and this machine have both on their default ports. */
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestEnv {
  config: AppConfig;
  /** Boots one more API instance on the same database and Redis (a second replica), optionally with settings of its own. */
  startApi(overrides?: Partial<AppConfig>): Promise<{ app: NestFastifyApplication; url: string }>;
  /** Starts the BullMQ worker in process, exactly as worker.ts does. */
  startWorker(): Promise<INestApplicationContext>;
  /** A plain SQL handle on this file's database, for asserting what was stored. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * One fresh database and one Redis key prefix per test file, migrated with the real migrations;
 * everything is dropped again in close().
 */
/** Push is on in every test app, as under npm start (docs/notifications.md#web-push). */
const VAPID = webpush.generateVAPIDKeys();

export async function createTestEnv(overrides: Partial<Record<keyof AppConfig, string>> = {}): Promise<TestEnv> {
  const id = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const database = `gotnext_it_${id}`;
  await admin((c) => c.query(`CREATE DATABASE "${database}"`));
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${database}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: u.toString(),
    REDIS_URL,
    REDIS_PREFIX: `it_${id}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ID_DOCUMENT_SECRET: randomBytes(32).toString('hex'),
    INTEGRITY_HASH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://gotnext.test',
    ADMIN_USER: 'admin',
    ADMIN_PASSWORD: 'admin-secret',
    LOG_FORMAT: 'json',
    // Every test talks from 127.0.0.1, so per-address limits would cap how many players a file may
    // sign up and log in; the throttle tests set their own.
    SIGNUP_MAX_PER_ADDRESS: '100000',
    MAIL_MAX_PER_ADDRESS: '100000',
    LOGIN_MAX_ACCOUNTS_PER_ADDRESS: '100000',
    // The test ID material has 22 faces and most tests verify face 3.0 on many accounts: a face
    // found on another account is flagged, not refused; identity-face-unique.int-spec.ts sets refuse.
    ID_FACE_UNIQUE: 'flag',
    LOGIN_MAX_SUCCESSES_PER_ACCOUNT: '100000',
    SESSIONS_MAX_PER_ACCOUNT: '100000',
    RESET_PASSWORD_MAX_PER_ADDRESS: '100000',
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    ...overrides,
  });
  await runMigrations(config.DATABASE_URL);

  const apps: { close(): Promise<unknown> }[] = [];
  // A pool, not one client: a test may run its checks at once (Promise.all), which one client
  // would queue with pg's "already executing a query" warning.
  const sqlClient = new Pool({ connectionString: config.DATABASE_URL, max: 4 });
  // pg-pool's end() resolves once its clients are told to end, not once their connections closed:
  // the DROP … WITH (FORCE) in close() could terminate one still closing, and an idle client's
  // error with no listener on the pool failed the whole file after its tests had passed.
  sqlClient.on('error', () => undefined);

  return {
    config,
    async startApi(own: Partial<AppConfig> = {}) {
      const app = await createApp({ ...config, ...own }, recentLogs);
      await app.listen(0, '127.0.0.1');
      apps.push(app);
      const address = app.getHttpServer().address() as { port: number };
      return { app, url: `http://127.0.0.1:${address.port}` };
    },
    async startWorker() {
      const ctx = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: recentLogs });
      apps.push(ctx);
      return ctx;
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await sqlClient.query(text, params)).rows as T[];
    },
    async close() {
      for (const app of apps.reverse()) await app.close().catch(() => undefined);
      await sqlClient.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
      // Drop this file's Redis keys (queues, throttles) so the shared Redis stays clean.
      await dropKeys(`${config.REDIS_PREFIX}:*`);
    },
  };
}

/** Forgets every throttle counter of this environment (tests that all talk from 127.0.0.1 start clean). */
export async function clearThrottles(env: TestEnv): Promise<void> {
  await dropKeys(`${env.config.REDIS_PREFIX}:throttle:*`);
}

async function dropKeys(pattern: string): Promise<void> {
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: pattern, COUNT: 500 })) {
    const batch = Array.isArray(keys) ? keys : [keys];
    if (batch.length) await redis.del(batch);
  }
  await redis.quit();
}

/** What useTestApp started for a test file: its environment and its API instances, in start order. */
export interface StartedTestApp {
  env: TestEnv;
  apis: { app: NestFastifyApplication; url: string }[];
}

/**
 * The usual per-file setup: before all tests, a fresh environment with `apis` API instances
 * (default 1) and, with `worker`, the worker; `started` receives them. After all tests,
 * `beforeClose` (closing sockets, say) runs, then the environment is closed.
 */
export function useTestApp(options: { apis?: number; worker?: boolean; beforeClose?: () => void }, started: (app: StartedTestApp) => void): void {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
    const apis: StartedTestApp['apis'] = [];
    for (let i = 0; i < (options.apis ?? 1); i += 1) apis.push(await env.startApi());
    if (options.worker) await env.startWorker();
    started({ env, apis });
  });
  afterAll(async () => {
    options.beforeClose?.();
    await env.close();
  });
}
