import 'reflect-metadata';
import { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import type { Queue } from 'bullmq';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { AppConfig } from './config/env';
import { AppModule } from './app.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { createValidationPipe } from './common/validation.pipe';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { socketChannelPrefix } from './realtime/socket-channels';
import { createLogger } from './common/logger';
import { ALL_QUEUES } from './jobs/jobs.module';
import { mountBullBoard } from './jobs/bull-board';
import { AdminLogin } from './admin/admin-login';
import { trustProxyOption } from './config/trusted-proxies';
import { MULTIPART_LIMITS } from './common/upload/multipart-form';
import { MediaRepository } from './media/media.repository';
import { mountUploads } from './media/uploads.route';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { recordMountedRoutes } from './common/mounted-routes';
import { HttpDrain } from './common/http-drain';
import { refuseHostileInput } from './common/input/input-edge';
import { LinkPreviews } from './link-previews/link-previews';
import { apiAnswerHeaders, securityHeaders } from './common/http/security-headers';
import { inlineScriptHashes } from './common/http/inline-scripts';
import { routePreloadTags } from './common/http/route-preloads';
import { sendHtml } from './common/http/compressed-html';
import { drainRefusedBodies } from './common/http/refused-body-drain';
import { routedPath } from './common/http/routed-path';
import { allowedOrigins } from './common/http/allowed-origins';
import { MSG } from '@gotnext/shared';

/** Answers smaller than this are sent as they are (docs/api.md#compression). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Paths that belong to the server; every other GET is a client route of the SPA. */
const SERVER_PATHS = /^\/(api|socket\.io|admin\/queues|uploads)(\/|$)/;

/** The SPA's index.html, or undefined when the API serves no SPA. */
function readIndexHtml(staticDir: string): string | undefined {
  const indexFile = join(staticDir, 'index.html');
  return staticDir && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
}

/**
 * Every client route gets index.html, with the link preview tags of that page written in
 * (docs/product.md#link-previews); '/' too, so home has absolute preview URLs.
 */
function spaFallback(html: string | undefined, staticDir: string, previews: LinkPreviews) {
  if (html === undefined) return undefined;
  const preloadTags = routePreloadTags(staticDir);
  return (req: FastifyRequest, reply: FastifyReply): boolean => {
    const path = routedPath(req.url);
    if (req.method !== 'GET' || path === null || SERVER_PATHS.test(path)) return false;
    // The page's own chunks, listed before the boot script that preloads them (common/http/route-preloads.ts).
    const preloads = preloadTags(req.url);
    const withPreloads = (page: string) => (preloads ? page.replace(/<meta charset="[^"]*" \/>/i, (charset) => `${charset}\n    ${preloads}`) : page);
    // Compressed like any other text answer over the threshold (docs/api.md#compression).
    const send = (page: string) => sendHtml(req, reply.status(200).header('cache-control', 'no-cache'), withPreloads(page), COMPRESS_THRESHOLD_BYTES);
    previews.metaFor(req.url).then(
      (meta) => send(previews.render(html, meta)),
      () => send(html),
    );
    return true;
  };
}

/**
 * Builds the API: Fastify, security headers, validation, errors, OpenAPI, the SPA, Socket.IO on
 * Redis and bull-board. Used by main.ts and by the integration tests, so tests boot the real app.
 */
export async function createApp(config: AppConfig, logger: LoggerService | false = createLogger(config, 'API')): Promise<NestFastifyApplication> {
  const staticDir = config.STATIC_DIR ? resolve(config.STATIC_DIR) : '';
  const indexHtml = readIndexHtml(staticDir);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's boot script runs inline (its hash), nothing else inline does.
        scriptSrc: ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  const apiHeaders = apiAnswerHeaders(headers);
  const bodyLimit = 1024 * 1024;
  // The router refuses a malformed percent-escape (or an overlong parameter) before any hook runs:
  // answered here as the API answers, in plain words (docs/api.md#paths-as-the-router-reads-them).
  const frameworkErrors = (err: { code?: string; statusCode?: number }, _req: FastifyRequest, reply: FastifyReply) => {
    const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
    void reply
      .headers(apiHeaders)
      .code(tooLong ? 414 : (err.statusCode ?? 400))
      .send({ message: tooLong ? MSG.pathTooLong : MSG.pathMalformed });
  };
  // X-Forwarded-For is believed only from the configured proxies; otherwise a client could pick
  // the address it is throttled by (docs/accounts.md#throttling).
  // return503OnClosing off: a request that reaches the router while the server closes was in flight
  // when SIGTERM landed and is answered (with Connection: close), not refused (common/http-drain.ts).
  const adapter = new FastifyAdapter({
    trustProxy: trustProxyOption(config.TRUSTED_PROXIES),
    bodyLimit,
    frameworkErrors: frameworkErrors as never,
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { logger: logger || false });
  const fastify = app.getHttpAdapter().getInstance();
  recordMountedRoutes(app, fastify as never);
  drainRefusedBodies(fastify as never);
  app.get(HttpDrain).attach(fastify as never);

  refuseHostileInput(app, bodyLimit);
  const adminOnly = app.get(AdminLogin).browserHook();
  const openDocs = config.NODE_ENV === 'development';
  // One hook for every request (docs/architecture.md#per-request-cost): the security headers,
  // computed once, a page's for pages and assets, the lean set of a JSON answer for /api/
  // (docs/api.md#cors-and-headers), whose no-store a handler may still replace (docs/api.md#caching);
  // and the OpenAPI document, a page that maps every call, behind the admin login outside development.
  // Every check reads the path as the router matched it, never the raw URL (common/http/routed-path.ts).
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const path = routedPath(req.url) ?? req.url;
    if (!path.startsWith('/api/')) {
      void reply.headers(headers);
      return done();
    }
    if (!/^\/api\/docs(?:[/-]|$)/.test(path)) {
      void reply.headers(apiHeaders);
      return done();
    }
    void reply.headers(headers).header('cache-control', 'no-store');
    if (openDocs) return done();
    adminOnly(req, reply).then(() => (reply.sent ? undefined : done()), done);
  });

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter(spaFallback(indexHtml, staticDir, app.get(LinkPreviews))));

  // API answers (JSON) of 1 KB and more leave compressed, brotli at a fast level or gzip, whichever
  // the client accepts; a smaller one costs more to compress than it saves (docs/api.md#compression).
  await app.register(compress as never, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Uploads (profile and ID photos): one file of at most 4 MB. The limit is counted while the file
  // streams in, so an oversized upload is refused (413) before it is buffered.
  await app.register(multipart as never, { limits: MULTIPART_LIMITS });
  mountUploads(fastify as never, app.get(MediaRepository));
  const allowed = allowedOrigins(config);
  app.enableCors({ origin: (origin, cb) => cb(null, !origin || allowed.has(origin)), methods: ['GET', 'POST', 'PUT', 'DELETE'] });

  // The document comes from the route table and the shared types (openapi/openapi-document.ts);
  // @nestjs/swagger only serves it and its UI.
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument() as unknown as OpenAPIObject, { jsonDocumentUrl: 'api/docs/json' });

  if (staticDir && existsSync(staticDir)) {
    app.useStaticAssets({
      root: staticDir,
      prefix: '/',
      wildcard: false,
      // '/' is the SPA page with its link preview tags (spaFallback), not the bare file.
      index: false,
      // The build writes .br and .gz beside every text asset; the one the browser accepts is sent,
      // with Vary: Accept-Encoding (docs/api.md#compression).
      preCompressed: true,
      // Vite fingerprints everything under assets/, so those can be cached for a year.
      // @fastify/static 10 hands setHeaders the Fastify reply (Nest's types still say ServerResponse).
      setHeaders: ((reply: FastifyReply, path: string) => {
        void reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      }) as never,
    });
  }

  const io = new RedisIoAdapter(app, socketChannelPrefix(config.REDIS_PREFIX), allowed, config.REDIS_CLUSTER_NODES);
  await io.connect();
  app.useWebSocketAdapter(io);

  await mountBullBoard(fastify as never, app.get<Queue[]>(ALL_QUEUES), adminOnly);
  await app.init();
  await io.waitUntilListening();
  return app;
}
