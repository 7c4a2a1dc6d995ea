import { ConsoleLogger, LoggerService } from '@nestjs/common';
import type { AppConfig } from '../config/env';

/** The process logger of the API and the worker: JSON lines in production, coloured text in development. */
export function createLogger(config: Pick<AppConfig, 'LOG_FORMAT'>, context: string): LoggerService {
  return new ConsoleLogger(context, { json: config.LOG_FORMAT === 'json', colors: config.LOG_FORMAT === 'text' });
}
