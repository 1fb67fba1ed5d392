import type { FastifyInstance } from 'fastify';

/** How request bodies are read: JSON (an empty body is `{}`); multipart is registered apart (app.ts). */
export function registerBodyParsers(app: FastifyInstance): void {
  // The API takes JSON and multipart forms only; plain text gets 415 like any other type.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (the spec's PUT calls with no body) is an empty object, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new SyntaxError('invalid json') as SyntaxError & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
}
