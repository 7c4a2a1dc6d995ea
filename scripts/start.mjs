// `npm start`: build everything, find or start PostgreSQL and Redis, migrate, then run the API
// (SPA + /api + /socket.io on one port) and the worker. Ctrl-C stops every child cleanly.
import { join } from 'node:path';
import { appEnv, loadDotEnv } from './lib/app-env.mjs';
import { apiArgs, workerArgs } from './lib/node-flags.mjs';
import { run, Supervisor } from './lib/processes.mjs';
import { ROOT, resolveServices } from './lib/services.mjs';

loadDotEnv();
const port = Number(process.env.PORT || 3000);
const skipBuild = process.argv.includes('--no-build');

if (!skipBuild) {
  console.log('Building shared library, backend and frontend ...');
  await run('npm', ['run', 'build', '--silent'], { label: 'build' });
}

const services = await resolveServices().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
const env = appEnv({
  databaseUrl: services.databaseUrl,
  redisUrl: services.redisUrl,
  port,
  extra: { NODE_ENV: process.env.NODE_ENV || 'production', STATIC_DIR: process.env.STATIC_DIR || join(ROOT, 'frontend/dist') },
});

try {
  await run('node', ['backend/dist/database/migrate.js'], { env, label: 'migrate' });
} catch (err) {
  console.error(err.message);
  await services.stop();
  process.exit(1);
}

const supervisor = new Supervisor();
let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('Stopping GotNext ...');
  await supervisor.stopAll();
  await services.stop();
  process.exit(code);
}
supervisor.onCrash = () => shutdown(1);
supervisor.start('api', 'node', apiArgs(), env);
supervisor.start('worker', 'node', workerArgs(), env);
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
console.log(
  `GotNext: http://localhost:${port}  (API docs /api/docs, queues /admin/queues as ${env.ADMIN_USER || 'admin'} with the password in .data/admin-password unless ADMIN_PASSWORD is set)`,
);
