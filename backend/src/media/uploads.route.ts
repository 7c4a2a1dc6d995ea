import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { MSG } from '@gotnext/shared';
import type { MediaRepository } from './media.repository';

/** Only names we write ourselves: a folder and a file, nothing that could climb out. */
const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.jpg$/;

/** Browsers and proxies may keep a player's picture this long; a deleted player's face leaves their caches within it. */
export const PICTURE_MAX_AGE_SECONDS = 3600;

/**
 * Player photos are personal, so caches keep them only briefly. Everything else stored here (news
 * and league images) is public and asked for with ?v=<version>, so it may be kept for a year.
 */
function cacheControlFor(key: string): string {
  return key.startsWith('profile-pictures/') ? `public, max-age=${PICTURE_MAX_AGE_SECONDS}` : 'public, max-age=31536000, immutable';
}

/**
 * GET /uploads/<key>: stored pictures, outside the /api prefix (the SPA fallback already leaves
 * /uploads alone). Clients ask with ?v=<profile_picture_version>, so a new picture is fetched at
 * once; the ETag lets a cached one be revalidated cheaply. Served inline under a plain file name
 * and never sniffed as anything but the image type we stored (we re-encoded it ourselves). A
 * deleted picture is 404 on every path at once (docs/identity-rules.md#photos).
 */
export function mountUploads(fastify: FastifyInstance, media: MediaRepository): void {
  fastify.get<{ Params: { '*': string } }>('/uploads/*', async (req, reply) => {
    const key = req.params['*'];
    const item = KEY_PATTERN.test(key) ? await media.get(key) : null;
    if (!item) return reply.status(404).header('cache-control', 'no-cache').send({ message: MSG.notFound });
    const etag = `"${createHash('sha1').update(item.bytes).digest('base64url')}"`;
    void reply
      .header('etag', etag)
      .header('cache-control', cacheControlFor(key))
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-disposition', `inline; filename="${key.split('/').pop()}"`)
      .header('x-content-type-options', 'nosniff');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(item.contentType).send(item.bytes);
  });
}
