import type { LoggerService } from '@nestjs/common';

/**
 * The last lines the in-process API instances and worker of a test file logged (the harness gives
 * this logger to both). A test that waits for something asynchronous (a job, a push) and gives
 * up prints the warnings and the job and outbox lines of the seconds before, so a failure seen
 * once on a busy CI machine says what the worker was doing instead of only "not met in time".
 */
class RecentLogs implements LoggerService {
  private readonly lines: string[] = [];

  private keep(level: string, args: unknown[]): void {
    const text = args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
    this.lines.push(`${new Date().toISOString().slice(11, 23)} ${level} ${text}`);
    if (this.lines.length > 400) this.lines.splice(0, this.lines.length - 400);
  }

  log = (...args: unknown[]) => this.keep('log', args);
  error = (...args: unknown[]) => this.keep('error', args);
  warn = (...args: unknown[]) => this.keep('warn', args);
  fatal = (...args: unknown[]) => this.keep('fatal', args);
  debug = () => undefined;
  verbose = () => undefined;

  /** Warnings, errors and job/outbox lines of the last `ms` milliseconds, newest last. */
  tail(ms = 15_000): string {
    const since = new Date(Date.now() - ms).toISOString().slice(11, 23);
    const picked = this.lines.filter((l) => l.slice(0, 12) >= since && /^\S+ (warn|error|fatal) | (Jobs|Outbox|UnitOfWork)$/.test(l));
    return picked.length ? `\nrecent API/worker log lines:\n  ${picked.slice(-40).join('\n  ')}` : '\n(no warnings, job or outbox lines logged in the last seconds)';
  }
}

export const recentLogs = new RecentLogs();
