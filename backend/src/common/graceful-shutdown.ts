import type { INestApplicationContext, LoggerService } from '@nestjs/common';

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests and jobs finish (app.close() runs every
 * onApplicationShutdown hook: the HTTP server, BullMQ workers, Redis and PostgreSQL), then exit 0.
 * A second signal exits at once. Nest's own shutdown hooks re-raise the signal instead of exiting
 * cleanly, so process managers would see a kill rather than a clean stop.
 */
export function closeOnSignals(app: INestApplicationContext, logger: LoggerService, name: string): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    logger.log(`${signal} received: ${name} finishing work in hand`);
    app.close().then(
      () => process.exit(0),
      (err) => {
        logger.error(`${name} did not close cleanly: ${err?.message ?? err}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
