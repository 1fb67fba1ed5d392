import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppDeps, GivenDeps } from './deps.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerZodValidation } from './plugins/validation.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerAnswerHeaders } from './plugins/answer-headers.ts';
import { registerBodyParsers } from './plugins/body-parsers.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerRequestTransactions } from './plugins/transactions.ts';
import { registerWeb } from './plugins/web.ts';
import { registerRoutes } from './routes.ts';
import { registerCaches } from './db/caches.ts';
import { fail } from './lib/envelope.ts';
import { MSG } from '#contract/messages.ts';
import { randomUUID } from 'node:crypto';
import { requestScopedDb, requestScopedFiles } from './db/request-context.ts';
import { waktuKantor } from './domain/waktu-kantor.ts';
import { salaryTables } from './modules/kgb/kgb.repository.ts';
import { registerRefusalEvents } from './modules/audit/security-events.ts';
import { registerRetention } from './modules/audit/retention.ts';
import { bsreClientOf, signerOf } from './modules/kgb/signers.ts';

/** Trusts the `hops` nearest proxies: entry i of the chain (0 = the socket's peer) while i < hops. */
const trustHops = (hops: number) => (_address: string, i: number) => i < hops;

export async function buildApp(given: GivenDeps): Promise<FastifyInstance> {
  // The app's own state (decision 0060): its office's zone decides every "today"
  // (server/domain/waktu-kantor.ts), and its copy of the salary tables. Two apps in one process
  // (the tests) share neither.
  const givenDeps: AppDeps = {
    ...given,
    waktu: given.waktu ?? waktuKantor(given.config.officeTimezone),
    salaryTables: given.salaryTables ?? salaryTables(),
  };
  // Modules see the request-scoped database and file store (one transaction per write request).
  const scopedDb = requestScopedDb(givenDeps.database.db, givenDeps.database.writeDb);
  const bsre = givenDeps.bsre === undefined ? bsreClientOf(givenDeps.config.signer) : givenDeps.bsre;
  const deps: AppDeps = {
    ...givenDeps,
    bsre,
    signer: givenDeps.signer ?? signerOf(givenDeps.config.signer, bsre),
    database: { ...givenDeps.database, db: scopedDb },
    files: requestScopedFiles(givenDeps.files, scopedDb),
  };
  const app = Fastify({
    genReqId: () => randomUUID(),
    // Errors Fastify answers before routing (a broken %-escape, a path parameter over 100
    // characters) get the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply).status(status).send(fail(status, MSG.malformedUrl, 'request.bad_url'));
    },
    logger: loggerOptions(deps.config, deps.logStream),
    // A number of proxies: the address that many hops back (what Fastify does for a number, which
    // its types omit); addresses/CIDRs as given (server/config.ts).
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // No version banner and no request ids guessed from a counter.
    return503OnClosing: true,
  });

  registerAnswerHeaders(app);
  registerRefusalEvents(app, deps.database.writeDb);
  // Old throttle rows and security events go, in every running process.
  registerRetention(app, givenDeps, givenDeps.retentionEveryMs);

  // Prometheus metrics on their own port when METRICS_PORT is set; otherwise nothing at all.
  await registerMetrics(app, deps);
  registerErrorHandling(app);
  registerZodValidation(app);

  registerBodyParsers(app);
  registerSecurityHeaders(app, deps.config);

  // Limits here are outer bounds; each upload route sets its own file size.
  await app.register(multipart, { limits: { fileSize: 12 * 1024 * 1024, files: 3, fields: 60, parts: 70 } });

  registerAuth(app, deps);
  registerRequestTransactions(app, givenDeps);
  await registerOpenApi(app);
  // The in-memory copies and what empties them when the database announces a change.
  registerCaches(app, deps);
  registerRoutes(app, deps);
  await registerWeb(app, deps.config);

  return app;
}
