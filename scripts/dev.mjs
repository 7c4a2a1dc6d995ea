// `npm run dev`: hot reload for both sides. TypeScript watchers rebuild the shared library and the
// backend, node --watch restarts the API and worker on change, and Vite serves the SPA with HMR,
// proxying /api and /socket.io to the API on port 3001.
import { appEnv, loadDotEnv } from './lib/app-env.mjs';
import { run, Supervisor } from './lib/processes.mjs';
import { resolveServices } from './lib/services.mjs';

loadDotEnv();
const apiPort = Number(process.env.API_PORT || 3001);
await run('npm', ['run', 'build', '--silent', '-w', '@gotnext/shared'], { label: 'build shared' });
await run('npm', ['run', 'build', '--silent', '-w', '@gotnext/backend'], { label: 'build backend' });
const services = await resolveServices();
const env = appEnv({
  databaseUrl: services.databaseUrl,
  redisUrl: services.redisUrl,
  port: apiPort,
  extra: { NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173' },
});
await run('node', ['backend/dist/database/migrate.js'], { env, label: 'migrate' });

const s = new Supervisor();
const stop = async () => {
  await s.stopAll();
  await services.stop();
  process.exit(0);
};
s.onCrash = () => {};
s.start('shared', 'npx', ['tsc', '-w', '--preserveWatchOutput', '-p', 'libs/shared'], env);
s.start('tsc', 'npx', ['tsc', '-w', '--preserveWatchOutput', '-p', 'backend/tsconfig.build.json'], env);
s.start('api', 'node', ['--watch', 'backend/dist/main.js'], env);
s.start('worker', 'node', ['--watch', 'backend/dist/worker.js'], env);
s.start('web', 'npx', ['vite', 'frontend', '--port', '5173', '--strictPort'], { ...env, VITE_API_PROXY: `http://localhost:${apiPort}` });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('GotNext dev: http://localhost:5173 (API on ' + apiPort + ')');
