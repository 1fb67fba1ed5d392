import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerZodValidation } from './plugins/validation.ts';
import { registerAuth } from './plugins/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { fail } from './lib/envelope.ts';
import { MSG } from '#contract/messages.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock; tests move it to check expiry and throttling windows. */
  now: () => Date;
}

// Query parameters whose values never reach a log line.
const SECRET_PARAMS = /([?&](?:password|passphrase|token|access_token|nik|password_lama|password_baru)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[disembunyikan]');
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[disembunyikan]' },
    serializers: {
      // Only method, redacted URL and address: no headers, no bodies (passwords, NIKs).
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // No version banner and no request ids guessed from a counter.
    return503OnClosing: true,
  });

  registerErrorHandling(app);
  registerZodValidation(app);

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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS as inline <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });

  registerAuth(app, deps);
  healthRoutes(app, deps);
  authRoutes(app, deps);
  userRoutes(app, deps);

  // The built SPA, served from the same port; any non-API GET falls back to index.html.
  const dist = deps.config.webDistDir;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && hasWeb;
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(fail(404, MSG.routeNotFound, 'route.not_found'));
  });

  return app;
}
