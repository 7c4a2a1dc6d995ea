import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@gotnext/shared';
import { isRedisUnavailable } from '../redis/redis.module';
import { isDatabaseUnavailable } from '../database/connection-lost';
import { RetryLaterException } from './retry-later.exception';
import { RefusalWithDetails } from './refusal-with-details';

/** Fastify's own errors (bad JSON, body too large, wrong content type) carry a statusCode. */
function fastifyStatus(err: unknown): number | undefined {
  const code = (err as { statusCode?: unknown })?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : undefined;
}

const FASTIFY_MESSAGES: Record<number, string> = {
  400: 'The request is malformed.',
  413: 'The upload is too large.',
  415: 'Unsupported content type.',
};

/** The text a client should read for any error: a string, never an array, never a stack. */
export function messageOf(err: unknown): { status: number; message: string } {
  if (err instanceof HttpException) {
    const body = err.getResponse() as string | { message?: unknown };
    const raw = typeof body === 'string' ? body : body?.message;
    const message = Array.isArray(raw) ? String(raw[0]) : typeof raw === 'string' ? raw : err.message;
    // Nest hands Fastify's body-limit error on as HttpException(its English text, 413); ours carry { message }.
    if (err.getStatus() === 413 && typeof body === 'string') return { status: 413, message: MSG.bodyTooLarge };
    return { status: err.getStatus(), message };
  }
  // Redis away: the call needs it, so it cannot be served now; no stack trace, no 500 (docs/architecture.md#when-redis-is-away).
  if (isRedisUnavailable(err)) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: MSG.serviceUnavailable };
  // PostgreSQL's connection ended under the call (a failover, a restart, an admin's terminate): retry later, not a bug.
  if (isDatabaseUnavailable(err)) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: MSG.serviceUnavailable };
  const status = fastifyStatus(err);
  if (status) {
    const code = (err as { code?: string }).code;
    const message =
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? MSG.invalidJson
        : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? MSG.bodyTooLarge
          : (FASTIFY_MESSAGES[status] ?? MSG.serverError);
    return { status, message };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: MSG.serverError };
}

/**
 * Every error leaves as `{ message }` with a fitting status. Unexpected ones are logged here
 * (method and path only, never bodies, which may hold passwords) and answered with a plain 500.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly spaFallback?: (req: FastifyRequest, reply: FastifyReply) => boolean) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const req = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, message } = messageOf(err);
    if (status === 404 && this.spaFallback?.(req, reply)) return;
    if (status === 503)
      this.logger.warn(`${req.method} ${req.url.split('?')[0]} refused: ${isDatabaseUnavailable(err) ? 'PostgreSQL' : 'Redis'} unavailable (${(err as Error)?.message})`);
    else if (status >= 500) this.logger.error(`${req.method} ${req.url.split('?')[0]} failed: ${(err as Error)?.stack ?? err}`);
    // Nest's own 404 for an unknown route reads 'Cannot GET /x'; players get a plain sentence.
    const text = status === 404 && message.startsWith('Cannot ') ? MSG.notFound : message;
    if (err instanceof RetryLaterException) void reply.header('retry-after', String(err.retryAfterSeconds));
    void reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message: text, ...(err instanceof RefusalWithDetails ? err.details : {}) });
  }
}
