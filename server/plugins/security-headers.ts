// The security headers of every answer (helmet's page set, decision 0017's API set), computed once.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** Origins of a tile URL template ({s} expands to a, b, c) for the CSP. */
function tileOrigins(template: string): string[] {
  try {
    const hosts = template.includes('{s}') ? ['a', 'b', 'c'].map((s) => template.replace('{s}', s)) : [template];
    return [...new Set(hosts.map((h) => new URL(h.replace(/\{[a-z]\}/g, '0')).origin))];
  } catch {
    return [];
  }
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
const HEADERS_FOR_EVERY_ANSWER = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
];

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
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of HEADERS_FOR_EVERY_ANSWER) headers[name] = page[name]!;
  return headers;
}

/** Answers of the API itself; its reference pages (/api/docs) are pages with scripts and styles. */
const isApiAnswer = (url: string) => url.startsWith('/api') && !url.startsWith('/api/docs');

/** Each answer gets the page set or the API set, by its URL. */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'mapTileUrl'>): void {
  const pageHeaders = appSecurityHeaders(config);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
