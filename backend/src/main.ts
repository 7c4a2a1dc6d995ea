import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/env';
import { createApp } from './app.factory';
import { createLogger } from './common/logger';
import { closeOnSignals } from './common/graceful-shutdown';

/** The API process: HTTP and Socket.IO on one port. SIGTERM/SIGINT close it gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'API');
  const app = await createApp(config, logger);
  closeOnSignals(app, logger, 'API', config.SHUTDOWN_TIMEOUT_MS);
  await app.listen(config.PORT, '0.0.0.0');
  logger.log(`GotNext API listening on http://localhost:${config.PORT}`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `API failed to start: ${err?.stack ?? err}`);
  process.exit(1);
});
