import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPES } from '../../lib/file-store.ts';
import { fail } from '../../lib/envelope.ts';
import { MSG } from '#contract/messages.ts';
import type { AppDeps } from '../../deps.ts';
import { filesRepository } from './files.repository.ts';

// The shape of an image's storage key (random, 128 bits).
const IMAGE_KEY = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/**
 * Public pictures of schools (logos, gallery photos and thumbnails): served by their random key,
 * never listed, with the stored Content-Type, nosniff and an inline disposition, streamed from
 * whichever store holds them (disk, PostgreSQL, S3), part by part. What a file is decides whether
 * it is served here (decision 0047): a teacher's photo is personal data and goes through
 * `GET /api/guru/:id/foto`, documents and letters through their own authorised routes; a key no
 * school row names answers 404 like an unknown one.
 */
export function filesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = filesRepository(deps.database.db);
  app.get('/files/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    const content = IMAGE_KEY.test(key) && (await repo.isPublic(key)) ? await deps.files.open(key) : null;
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
