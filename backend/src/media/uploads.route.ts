import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { MSG } from '@gotnext/shared';
import type { MediaRepository } from './media.repository';

/** Only names we write ourselves: a folder and a file, nothing that could climb out. */
const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.jpg$/;

/**
 * GET /uploads/<key>: stored pictures, outside the /api prefix (the SPA fallback already leaves
 * /uploads alone). Clients always ask with ?v=<profile_picture_version>, and a new picture gets a
 * new version, so a year of caching is safe; the ETag covers anyone who asks without it.
 */
export function mountUploads(fastify: FastifyInstance, media: MediaRepository): void {
  fastify.get<{ Params: { '*': string } }>('/uploads/*', async (req, reply) => {
    const key = req.params['*'];
    const item = KEY_PATTERN.test(key) ? await media.get(key) : null;
    if (!item) return reply.status(404).header('cache-control', 'no-cache').send({ message: MSG.notFound });
    const etag = `"${createHash('sha1').update(item.bytes).digest('base64url')}"`;
    void reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable').header('cross-origin-resource-policy', 'cross-origin');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(item.contentType).send(item.bytes);
  });
}
