import { ArgumentsHost, Catch, Logger, type WsExceptionFilter } from '@nestjs/common';
import { failedAck } from './socket-fast-path';

/**
 * Every socket handler answers, also when it fails: the client's ack gets `{ ok: false, message }`
 * (the message of a 4xx as written; any other failure logged and answered with the generic text),
 * instead of Nest's unanswered 'exception' event (docs/realtime.md#limits).
 */
@Catch()
export class WsAckExceptionFilter implements WsExceptionFilter {
  private readonly logger = new Logger('Realtime');

  catch(err: unknown, host: ArgumentsHost): void {
    const ack = host.getArgs().find((arg): arg is (r: unknown) => void => typeof arg === 'function');
    ack?.(failedAck(err, String(host.switchToWs().getPattern?.() ?? 'event'), this.logger));
  }
}
