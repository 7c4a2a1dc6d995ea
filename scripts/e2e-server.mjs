// The stack Playwright drives: a fresh database, the built API serving the built SPA, and the
// worker, exactly as `npm start` runs them (with E2E_NGINX=1: two APIs behind Debian's nginx).
// Mail goes to an outbox folder the specs read. The database is dropped when Playwright stops
// this process.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appEnv } from './lib/app-env.mjs';
import { apiArgs, workerArgs } from './lib/node-flags.mjs';
import { run, Supervisor } from './lib/processes.mjs';
import { DATA_DIR, dropDatabase, dropRedisPrefix, resolveServices, ROOT } from './lib/services.mjs';

const port = Number(process.env.E2E_PORT || 3100);
const database = `gotnext_e2e_${Date.now().toString(36)}`;
const outbox = join(DATA_DIR, 'e2e-outbox');
rmSync(outbox, { recursive: true, force: true });
mkdirSync(outbox, { recursive: true });

const services = await resolveServices({ database, log: () => {} });
const env = appEnv({
  databaseUrl: services.databaseUrl,
  redisUrl: services.redisUrl,
  port,
  extra: {
    NODE_ENV: 'test',
    STATIC_DIR: join(ROOT, 'frontend/dist'),
    OUTBOX_DIR: outbox,
    SMTP_URL: '',
    REDIS_PREFIX: database,
    LOG_FORMAT: 'json',
    ADMIN_PASSWORD: 'e2e-admin',
    // Every spec talks from 127.0.0.1: per-address limits would cap how many players a run signs up.
    SIGNUP_MAX_PER_ADDRESS: '100000',
    MAIL_MAX_PER_ADDRESS: '100000',
    LOGIN_MAX_ACCOUNTS_PER_ADDRESS: '100000',
    // The specs verify a few sample faces on many accounts: flag a face found elsewhere, do not refuse it.
    ID_FACE_UNIQUE: 'flag',
  },
});
delete env.SMTP_URL;
writeFileSync(join(DATA_DIR, 'e2e-env.json'), JSON.stringify({ databaseUrl: services.databaseUrl, redisUrl: services.redisUrl, redisPrefix: database, outbox, port }));
await run('node', ['backend/dist/database/migrate.js'], { env, label: 'migrate' });

const supervisor = new Supervisor();
if (process.env.E2E_NGINX === '1') {
  // The production path (docs/scaling.md#nginx): Debian's nginx on E2E_PORT with the host config,
  // in front of two API instances on the next two ports. Not part of npm test.
  const runDir = join(DATA_DIR, 'e2e-nginx');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const apiPorts = [port + 1, port + 2];
  const conf = join(runDir, 'nginx.conf');
  const user = process.getuid?.() === 0 ? 'root' : 'none';
  const upstreams = apiPorts.flatMap((p) => ['--upstream', `127.0.0.1:${p}`]);
  await run('node', ['scripts/nginx-host-conf.mjs', ...upstreams, '--listen', String(port), '--run-dir', runDir, '--user', user, '--out', conf], { env, label: 'nginx-conf' });
  apiPorts.forEach((p, i) => supervisor.start(`api${i + 1}`, 'node', apiArgs(), { ...env, PORT: String(p) }));
  supervisor.start('nginx', process.env.NGINX_BIN || '/usr/sbin/nginx', ['-c', conf, '-p', runDir, '-e', join(runDir, 'error.log'), '-g', 'daemon off;'], env);
} else {
  supervisor.start('api', 'node', apiArgs(), env);
}
supervisor.start('worker', 'node', workerArgs(), env);
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await supervisor.stopAll(5000);
  if (services.adminUrl) await dropDatabase(services.adminUrl, database).catch(() => {});
  // Its queues, caches and limits too: every run left a few hundred keys in a shared Redis.
  await dropRedisPrefix(services.redisUrl, database).catch(() => {});
  await services.stop();
  process.exit(0);
}
supervisor.onCrash = stop;
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
