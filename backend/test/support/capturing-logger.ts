import { LoggerService } from '@nestjs/common';

/** Keeps every line a Nest process logs, so a test can assert what never reaches the logs. */
export class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  /** The same lines with their level, for tests that assert what is logged as an error. */
  readonly entries: { level: string; args: unknown[] }[] = [];
  private keeper =
    (level: string) =>
    (...args: unknown[]) => {
      this.entries.push({ level, args });
      this.lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    };
  log = this.keeper('log');
  error = this.keeper('error');
  warn = this.keeper('warn');
  debug = this.keeper('debug');
  verbose = this.keeper('verbose');
  fatal = this.keeper('fatal');
}
