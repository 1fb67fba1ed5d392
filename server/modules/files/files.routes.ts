import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPES } from '../../lib/file-store.ts';
import { fail } from '../../lib/envelope.ts';
import { MSG } from '#contract/messages.ts';
import type { AppDeps } from '../../deps.ts';

// Only images are public by key; documents and signing keys are never served here.
const PUBLIC_IMAGE_KEY = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/**
 * Stored images (logos, gallery): served by their random key, which is the capability: 128 random
 * bits, never listed. With the stored Content-Type, nosniff and an inline disposition. Streamed
 * from whichever store holds them (disk, PostgreSQL, S3), part by part.
 */
export function filesRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/files/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    const content = PUBLIC_IMAGE_KEY.test(key) ? await deps.files.open(key) : null;
    if (!content) return reply.status(404).send(fail(404, MSG.notFound, 'file.not_found'));
    const ext = key.split('.').pop()!;
    return reply
      .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('content-length', content.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${key}"`)
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(content.body instanceof Readable ? content.body : Readable.from(content.body, { objectMode: false }));
  });
}
