import { LoggerService } from '@nestjs/common';

/** Keeps every line a Nest process logs, so a test can assert what never reaches the logs. */
export class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  private keep = (...args: unknown[]) =>
    void this.lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  log = this.keep;
  error = this.keep;
  warn = this.keep;
  debug = this.keep;
  verbose = this.keep;
  fatal = this.keep;
}
