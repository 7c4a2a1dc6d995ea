// The yardstick of bench/health.bench.mjs: a bare Fastify answering `{"status":"ok"}` on
// /api/health, the same Fastify the API runs on, nothing else. Started as its own process on
// PORT, so it meets the same machine as the API in the same run. Not a bench itself.
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib/services.mjs';

const require = createRequire(`${ROOT}/backend/package.json`);
const fastify = require('fastify')({ logger: false });

fastify.get('/api/health', async () => ({ status: 'ok' }));
await fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => fastify.close().then(() => process.exit(0)));
