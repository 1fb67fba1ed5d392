// What reaches a log line (docs/security.md, ASVS 7.1): pino's options with the request and error
// serializers, which hide secrets, NIKs and long digit runs of URLs and error texts.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';

// Query parameters whose values never reach a log line: every key whose name, decoded and in lower
// case, holds one of these words, at any nesting (`password`, `password[]`, `user[password]`,
// `data.akun.passphrase`, `client_secret`, `reset_token`, `nik_guru`, `kode_otp`).
const SECRET_KEY = /pass(word|phrase|wd)|sandi|token|secret|nik|otp/;
// A run of eight digits or more in any other value: a NIP or NIK (they hold the birth date) or a date.
const LONG_DIGITS = /\d{8,}/;

/**
 * The URL as logged: the query is judged as the server reads it, decoded (`pass%77ord`
 * is `password`), and written again with secret values hidden and long digit runs replaced.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    const shown = SECRET_KEY.test(key.toLowerCase())
      ? '[disembunyikan]'
      : LONG_DIGITS.test(value)
        ? '[angka]'
        : encodeURIComponent(value);
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
  return text
    ?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [disembunyikan]')
    .replace(/(?<!\d)\d{16}(?!\d)/g, '[nik]');
}

interface LoggedError {
  name?: string;
  message?: string;
  code?: unknown;
  stack?: string;
  cause?: unknown;
}

export function serializeError(err: LoggedError, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: err?.name,
    message: redactErrorText(err?.message),
    code: err?.code,
    stack: redactErrorText(err?.stack),
  };
  if (err?.cause && depth < 3) out.cause = serializeError(err.cause as LoggedError, depth + 1);
  return out;
}

export function loggerOptions(config: Config, stream: AppDeps['logStream']): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    ...(stream ? { stream } : {}),
    level: config.logLevel,
    // A NIK, a passphrase or a TOTP never reaches a log line, whatever object carries it.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'nik',
        '*.nik',
        'passphrase',
        '*.passphrase',
        'totp',
        '*.totp',
      ],
      censor: '[disembunyikan]',
    },
    serializers: {
      // Only method, redacted URL and address: no headers, no bodies (passwords, NIKs).
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      err: (err: LoggedError) => serializeError(err) as { type: string; message: string; stack: string },
    },
  };
}
