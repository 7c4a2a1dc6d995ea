import type { INestApplicationContext, LoggerService } from '@nestjs/common';

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests and jobs finish (app.close() runs every
 * shutdown hook: HttpDrain closes idle keep-alive connections, then the HTTP server, BullMQ
 * workers, Redis and PostgreSQL close), then exit 0. Whatever clients or jobs do, the process is
 * gone `deadlineMs` after the signal (exit 1, logged), well inside compose's 20 s before SIGKILL.
 * A second signal exits at once. Nest's own shutdown hooks re-raise the signal instead of exiting
 * cleanly, so process managers would see a kill rather than a clean stop.
 */
export function closeOnSignals(app: INestApplicationContext, logger: LoggerService, name: string, deadlineMs: number): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    logger.log(`${signal} received: ${name} finishing work in hand (at most ${deadlineMs} ms)`);
    setTimeout(() => {
      logger.error(`${name} passed its shutdown deadline (${deadlineMs} ms) with work still in hand; exiting`);
      process.exit(1);
    }, deadlineMs).unref();
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
