import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig } from './config/env';
import { createLogger } from './common/logger';
import { WorkerModule } from './worker.module';
import { closeOnSignals } from './common/graceful-shutdown';

/** The worker process: job handlers only, no HTTP server. SIGTERM lets jobs in hand finish. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'Worker');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger });
  closeOnSignals(app, logger, 'worker', config.SHUTDOWN_TIMEOUT_MS);
  logger.log('GotNext worker running');
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Worker failed to start: ${err?.stack ?? err}`);
  process.exit(1);
});
