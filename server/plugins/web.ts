import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '#contract/messages.ts';
import type { Config } from '../config.ts';
import { fail } from '../lib/envelope.ts';

/** The web app's files, and the answer to any URL no route has (the SPA's shell for a page, 404 for the API). */
export async function registerWeb(app: FastifyInstance, config: Pick<Config, 'webDistDir'>): Promise<void> {
  // The built SPA, served from the same port; any non-API GET falls back to index.html.
  const dist = config.webDistDir;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      // .br/.gz written by the build (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      // The shell names the current hashed bundles: always revalidated, so a new release shows at once.
      setHeaders: (reply: unknown, file: string) => {
        // @fastify/static 10 passes the Fastify reply here (its types still say ServerResponse).
        const r = reply as { header(name: string, value: string): void };
        if (file.endsWith('index.html') || file.endsWith('sw.js') || file.endsWith('.webmanifest'))
          r.header('cache-control', 'no-cache');
        // Vite's file names carry a content hash: a changed file gets a new name.
        else if (/[\\/]assets[\\/]/.test(file)) r.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && hasWeb;
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(fail(404, MSG.routeNotFound, 'route.not_found'));
  });
}
