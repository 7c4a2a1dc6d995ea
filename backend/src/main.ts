import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/env';
import { createApp, createLogger } from './app.factory';

/** The API process: HTTP and Socket.IO on one port. SIGTERM/SIGINT close it gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.PORT, '0.0.0.0');
  createLogger(config, 'API').log(`GotNext API listening on http://localhost:${config.PORT}`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `API failed to start: ${err?.stack ?? err}`);
  process.exit(1);
});
