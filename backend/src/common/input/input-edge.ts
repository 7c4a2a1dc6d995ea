import { BadRequestException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import { inputProblem, jsonDepthExceeds, MSG } from '@gotnext/shared';

/**
 * Hostile input is refused before any route runs, for every route at once
 * (docs/api.md#input-refused-at-the-edge), by the shared rules (libs/shared/src/validation/input.ts):
 *
 * - JSON bodies nested deeper than MAX_BODY_DEPTH are refused from their raw text, before anything
 *   recursive (the parser, class-transformer, class-validator) sees them;
 * - path parameters, query strings and bodies with a NUL byte or a lone surrogate in any string
 *   or key, or a prototype key (`__proto__`, `constructor`, `prototype`), get a 400.
 *
 * Multipart fields get the same check where the form is read (common/upload/multipart-form.ts),
 * socket events in the gateway (realtime/socket-limits.ts). Ids are checked where they are
 * typed: `@IsDbId` on DTO fields, DbIdParam on path parameters (./db-id.ts).
 */
export function refuseHostileInput(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Fastify's own JSON parser (secure-json-parse: `__proto__` and constructor.prototype refused),
  // behind the depth check.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit }, (req, body, done) => {
    const text = body.toString('utf8');
    if (jsonDepthExceeds(text)) return done(new BadRequestException({ message: MSG.bodyTooDeep }), undefined);
    void parseJson(req as never, text, done); // answers through done(); its promise carries nothing
  });
  // Declaring the JSON parser replaces Nest's defaults; form-encoded bodies stay accepted as before.
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit }, (_req, body, done) => done(null, parseQueryString(body.toString('utf8'))));

  // A callback hook, not an async one: it runs on every request (docs/architecture.md#per-request-cost).
  fastify.addHook('preValidation', (req, reply, done) => {
    const problem = inputProblem(req.params) ?? inputProblem(req.query) ?? inputProblem(req.body);
    if (!problem) return done();
    void reply.code(400).header('content-type', 'application/json; charset=utf-8').send({ message: problem });
  });
}
