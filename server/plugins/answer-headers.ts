import type { FastifyInstance } from 'fastify';

/** The headers every answer gets after its route: the request's id, and no-store on the API's. */
export function registerAnswerHeaders(app: FastifyInstance): void {
  // Every answer names its request, so a user can quote it and the audit log can be searched by it.
  // (Callback hooks rather than async ones on every request: no promise per hook and answer.)
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API answers hold personal data: no browser or proxy keeps them unless a route says so.
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
