// Pieces every bench shares: free ports, real API/worker processes from backend/dist, readiness,
// percentiles and cleanup of the bench's own database and Redis keys. Not a bench itself
// (scripts/bench.mjs runs only *.bench.mjs).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { appEnv } from '../scripts/lib/app-env.mjs';
import { dropDatabase, resolveServices, ROOT } from '../scripts/lib/services.mjs';

const require = createRequire(import.meta.url);
const { createClient } = require('redis');

export const freePort = () => new Promise((done) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => done(port));
  });
});

export async function waitReady(url, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/** A real API process (backend/dist/main.js) on `port`; BENCH_API_NODE_ARGS passes node flags. */
export function startApi(env, port) {
  const child = spawn('node', [...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean), 'backend/dist/main.js'], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The worker process (backend/dist/worker.js): jobs and, at boot, the leaderboard rebuild. */
export function startWorker(env) {
  return { child: spawn('node', ['backend/dist/worker.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] }) };
}

export async function stopProcesses(processes) {
  for (const p of processes) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => new Promise((r) => (p.child.exitCode !== null ? r() : p.child.once('exit', r)))));
}

export function exec(cmd, args, env) {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/**
 * A throw-away database `{name}_{time}` (its name is also the Redis prefix), migrated, and the
 * environment of the API and worker processes that use it.
 */
export async function benchStack(name) {
  const database = `${name}_${Date.now().toString(36)}`;
  const services = await resolveServices({ database, log: () => {} });
  const env = appEnv({
    databaseUrl: services.databaseUrl,
    redisUrl: services.redisUrl,
    port: 0,
    extra: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', REDIS_PREFIX: database, LOG_FORMAT: 'json', JWT_SECRET: randomBytes(32).toString('hex'), STATIC_DIR: '' },
  });
  return { database, services, env };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Drops the bench's database and every Redis key under its prefix. */
export async function cleanUp(services, database, prefix) {
  if (services.adminUrl) await dropDatabase(services.adminUrl, database).catch(() => {});
  const redis = createClient({ url: services.redisUrl });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
    const batch = Array.isArray(keys) ? keys : [keys];
    if (batch.length) await redis.unlink(batch);
  }
  await redis.quit();
  await services.stop();
}
