import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerZodValidation } from './plugins/validation.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { fail } from './lib/envelope.ts';
import multipart from '@fastify/multipart';
import { sekolahRoutes } from './modules/sekolah/sekolah.routes.ts';
import { masterRoutes } from './modules/master/master.routes.ts';
import { wilayahRoutes } from './modules/wilayah/wilayah.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { ruanganRoutes } from './modules/ruangan/ruangan.routes.ts';
import { lahanRoutes } from './modules/lahan/lahan.routes.ts';
import { galeriRoutes } from './modules/galeri/galeri.routes.ts';
import { guruRoutes } from './modules/guru/guru.routes.ts';
import { masterGuruRoutes } from './modules/master/master-guru.routes.ts';
import { riwayatRoutes } from './modules/riwayat/riwayat.routes.ts';
import { kgbRoutes } from './modules/kgb/kgb.routes.ts';
import { periodeRoutes } from './modules/kgb/periode.routes.ts';
import { kantorRoutes } from './modules/kantor/kantor.routes.ts';
import { notifikasiRoutes } from './modules/notifikasi/notifikasi.routes.ts';
import { kgbNotices } from './modules/kgb/notices.ts';
import { kenaikanPangkatNotices } from './modules/kenaikan-pangkat/notices.ts';
import { pensiunNotices } from './modules/pensiun/notices.ts';
import { pejabatRoutes } from './modules/kgb/pejabat.routes.ts';
import { dokumenRoutes } from './modules/kgb/dokumen.routes.ts';
import { eksporRoutes } from './modules/ekspor/ekspor.routes.ts';
import { kualitasRoutes } from './modules/kualitas/kualitas.routes.ts';
import { imporRoutes } from './modules/impor/impor.routes.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { statistikRoutes } from './modules/statistik/statistik.routes.ts';
import { kenaikanPangkatRoutes } from './modules/kenaikan-pangkat/kenaikan-pangkat.routes.ts';
import { pensiunRoutes } from './modules/pensiun/pensiun.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { kunjunganRoutes } from './modules/kunjungan/kunjungan.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { MSG } from '#contract/messages.ts';
import { randomUUID } from 'node:crypto';
import { requestScopedDb, requestScopedFiles, runInRequestScope, type AuditActor, type CommittedChanges, type TransactionMode } from './db/request-context.ts';
import { setZonaKantor } from './domain/waktu-kantor.ts';
import { recordSecurityEvent } from './modules/audit/security-events.ts';
import { registerRetention } from './modules/audit/retention.ts';
import { bsreClientOf, signerOf } from './modules/kgb/signers.ts';


// Query parameters whose values never reach a log line: every key whose name, decoded and in lower
// case, holds one of these words, at any nesting (`password`, `password[]`, `user[password]`,
// `data.akun.passphrase`, `client_secret`, `reset_token`, `nik_guru`, `kode_otp`).
const SECRET_KEY = /pass(word|phrase|wd)|sandi|token|secret|nik|otp/;
// A run of eight digits or more in any other value: a NIP or NIK (they hold the birth date) or a date.
const LONG_DIGITS = /\d{8,}/;

/** Origins of a tile URL template ({s} expands to a, b, c) for the CSP. */
function tileOrigins(template: string): string[] {
  try {
    const hosts = template.includes('{s}') ? ['a', 'b', 'c'].map((s) => template.replace('{s}', s)) : [template];
    return [...new Set(hosts.map((h) => new URL(h.replace(/\{[a-z]\}/g, '0')).origin))];
  } catch {
    return [];
  }
}

/**
 * The URL as logged: the query is judged as the server reads it, decoded (`pass%77ord`
 * is `password`), and written again with secret values hidden and long digit runs replaced.
 */
/** Trusts the `hops` nearest proxies: entry i of the chain (0 = the socket's peer) while i < hops. */
const trustHops = (hops: number) => (_address: string, i: number) => i < hops;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    const shown = SECRET_KEY.test(key.toLowerCase()) ? '[disembunyikan]' : LONG_DIGITS.test(value) ? '[angka]' : encodeURIComponent(value);
    parts.push(`${encodeURIComponent(key)}=${shown}`);
  }
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * Drizzle's query errors carry the statement's parameters in their message ("params: …"), which
 * can hold a NIK or a password hash; PostgreSQL's `detail` repeats key values. Neither is logged.
 */
export function redactErrorText(text: string | undefined): string | undefined {
  // A run of 16 digits is a NIK (or a NUPTK): personal data (UU PDP), never in an error's log line.
  return text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [disembunyikan]').replace(/(?<!\d)\d{16}(?!\d)/g, '[nik]');
}

interface LoggedError {
  name?: string;
  message?: string;
  code?: unknown;
  stack?: string;
  cause?: unknown;
}

export function serializeError(err: LoggedError, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = { type: err?.name, message: redactErrorText(err?.message), code: err?.code, stack: redactErrorText(err?.stack) };
  if (err?.cause && depth < 3) out.cause = serializeError(err.cause as LoggedError, depth + 1);
  return out;
}

function loggerOptions(config: Config, stream: AppDeps['logStream']): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    ...(stream ? { stream } : {}),
    level: config.logLevel,
    // A NIK, a passphrase or a TOTP never reaches a log line, whatever object carries it.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'nik', '*.nik', 'passphrase', '*.passphrase', 'totp', '*.totp'], censor: '[disembunyikan]' },
    serializers: {
      // Only method, redacted URL and address: no headers, no bodies (passwords, NIKs).
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      err: (err: LoggedError) => serializeError(err) as { type: string; message: string; stack: string },
    },
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a write route uses transactions (default 'request'); see server/db/request-context.ts. */
    transaction?: TransactionMode;
  }
  interface FastifyRequest {
    /** Set once a write request has committed (server/db/request-context.ts `CommittedChanges`). */
    committedChanges: CommittedChanges | null;
  }
}

/**
 * Every write route runs in one transaction per request, which also tells the audit trigger who
 * changes the data (server/db/request-context.ts).
 */
function registerRequestTransactions(app: FastifyInstance, deps: AppDeps): void {
  const raw = deps.database.writeDb;
  app.decorateRequest('committedChanges', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A route that writes although called with GET (SPEC's KGB verification) declares a mode too.
    if (!route.url.startsWith('/api') || !(methods.some((m) => WRITE_METHODS.has(m)) || route.config?.transaction)) return;
    const mode: TransactionMode = route.config?.transaction ?? 'request';
    const handler = route.handler;
    route.handler = function transactional(request, reply) {
      const actor = (): AuditActor => {
        const user = request.auth?.user;
        return {
          user_id: user?.id ?? null,
          username: user?.username ?? null,
          role: user?.roles.id ?? null,
          npsn: user?.sekolah?.npsn ?? null,
          ip: request.ip,
          request_id: String(request.id),
          metode: request.method,
          rute: request.routeOptions.url ?? request.url.split('?')[0]!,
        };
      };
      return runInRequestScope(
        raw,
        deps.files,
        mode,
        actor,
        request.isMultipart(),
        () => Promise.resolve(handler.call(this, request, reply)),
        (changes) => {
          request.committedChanges = changes;
        },
      );
    };
  });
}

/** The headers helmet sets for these options, read once from its middleware. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The security headers of the SPA, its assets and every other non-API answer (helmet's defaults
 * plus this CSP), computed once: @fastify/helmet built every helmet middleware again on each
 * request, about 3 % of a small request's CPU (docs/performance.md).
 */
export function appSecurityHeaders(config: Pick<Config, 'mapTileUrl'>): Record<string, string> {
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS as inline <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(config.mapTileUrl)],
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
}

/** The page headers that also protect an answer that is not a page (HSTS, no sniffing, no cross-origin reads). */
const HEADERS_FOR_EVERY_ANSWER = ['cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options'];

/**
 * The security headers of API answers (decision 0017, after OWASP's REST Security Cheat Sheet).
 * JSON and the PDFs the SPA fetches with its token are never rendered as pages of this site (the
 * SPA shows a PDF from a blob: URL, which carries the SPA's own policy), so they get a CSP that
 * allows nothing at all, are never framed, and skip the headers that only steer documents (opener
 * policy, origin-keyed agent clusters, DNS prefetch, old IE and Flash switches): about 250 bytes
 * instead of about 800 on every call. Derived from the page set (`appSecurityHeaders`), so the
 * headers both carry cannot drift apart. The benchmark's bare peer can send the same set.
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-frame-options': 'DENY' };
  for (const name of HEADERS_FOR_EVERY_ANSWER) headers[name] = page[name]!;
  return headers;
}

/** Answers of the API itself; its reference pages (/api/docs) are pages with scripts and styles. */
const isApiAnswer = (url: string) => url.startsWith('/api') && !url.startsWith('/api/docs');

export async function buildApp(givenDeps: AppDeps): Promise<FastifyInstance> {
  // One office per installation: its zone decides every "today" (server/domain/waktu-kantor.ts).
  setZonaKantor(givenDeps.config.officeTimezone);
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

  // Every answer names its request, so a user can quote it and the audit log can be searched by it.
  // (Callback hooks rather than async ones on every request: no promise per hook and answer.)
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API answers hold personal data: no browser or proxy keeps them unless a route says so.
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Refused attempts (403) are security events (ASVS 7.2.2): written after the answer, outside the
  // request's transaction (rolled back by then), so the refusal is recorded but never delayed. The
  // server's close waits for those still being written (the database is closed after it).
  const eventsBeingWritten = new Set<Promise<void>>();
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 403 && request.url.startsWith('/api')) {
      const writing: Promise<void> = recordSecurityEvent(deps.database.writeDb, request, 'akses_ditolak', { rute: request.url.split('?')[0] })
        .catch((err: unknown) => request.log.error({ err }, 'security event not recorded'))
        .finally(() => eventsBeingWritten.delete(writing));
      eventsBeingWritten.add(writing);
    }
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all(eventsBeingWritten);
  });
  // Old throttle rows and security events go, in every running process.
  registerRetention(app, givenDeps, givenDeps.retentionEveryMs);

  // Prometheus metrics on their own port when METRICS_PORT is set; otherwise nothing at all.
  await registerMetrics(app, deps);
  registerErrorHandling(app);
  registerZodValidation(app);

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

  const pageHeaders = appSecurityHeaders(deps.config);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });

  // Limits here are outer bounds; each upload route sets its own file size.
  await app.register(multipart, { limits: { fileSize: 12 * 1024 * 1024, files: 3, fields: 60, parts: 70 } });

  registerAuth(app, deps);
  registerRequestTransactions(app, givenDeps);
  await registerOpenApi(app);
  healthRoutes(app, deps);
  configRoutes(app, deps);
  authRoutes(app, deps);
  userRoutes(app, deps);
  masterRoutes(app, deps);
  wilayahRoutes(app, deps);
  sekolahRoutes(app, deps);
  ruanganRoutes(app, deps);
  lahanRoutes(app, deps);
  galeriRoutes(app, deps);
  masterGuruRoutes(app, deps);
  guruRoutes(app, deps);
  riwayatRoutes(app, deps);
  kgbRoutes(app, deps);
  periodeRoutes(app, deps);
  kantorRoutes(app, deps);
  // The notices page, with the notices worked out when asked by the modules of their subject:
  // next month's promotion period (teachers lacking a rating or its document), then retirement 15,
  // 12 and 6 months ahead (proposals not sent, records lacking data).
  notifikasiRoutes(app, deps, { kgb: kgbNotices, later: [kenaikanPangkatNotices, pensiunNotices] });
  pejabatRoutes(app, deps);
  dokumenRoutes(app, deps);
  eksporRoutes(app, deps);
  kualitasRoutes(app, deps);
  imporRoutes(app, deps);
  statistikRoutes(app, deps);
  dashboardRoutes(app, deps);
  kenaikanPangkatRoutes(app, deps);
  pensiunRoutes(app, deps);
  kunjunganRoutes(app, deps);
  auditRoutes(app, deps);
  filesRoutes(app, deps);

  // The built SPA, served from the same port; any non-API GET falls back to index.html.
  const dist = deps.config.webDistDir;
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
        if (file.endsWith('index.html') || file.endsWith('sw.js') || file.endsWith('.webmanifest')) r.header('cache-control', 'no-cache');
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

  return app;
}
