import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';
import { errors } from '../lib/errors.ts';

const TYPE_NAMES: Record<string, string> = {
  string: 'teks',
  number: 'angka',
  int: 'bilangan bulat',
  bigint: 'angka',
  boolean: 'true atau false',
  array: 'daftar',
  object: 'objek',
  date: 'tanggal',
};

/**
 * Indonesian text of an issue the contract gave no message for (a wrong type, a list where one
 * value was expected, a number that is not finite…), naming the field. Messages written in the
 * contract always win over this one.
 */
export function defaultMessage(issue: $ZodRawIssue): string {
  const path = issue.path ?? [];
  const field = path.length ? String(path.filter((p) => typeof p !== 'number').at(-1) ?? path.at(-1)) : 'Data';
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected] ?? null;
      return expected ? `${field} harus berupa ${expected}` : `${field} tidak valid`;
    }
    case 'too_big':
      return issue.origin === 'string'
        ? `${field} maksimal ${Number(issue.maximum).toLocaleString('id-ID')} karakter`
        : issue.origin === 'array'
          ? `${field} terlalu banyak`
          : `${field} terlalu besar`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${field} tidak boleh Kosong`
        : issue.origin === 'array'
          ? `${field} tidak boleh Kosong`
          : `${field} terlalu kecil`;
    case 'invalid_value':
      return `${field} harus salah satu dari: ${issue.values.map(String).join(', ')}`;
    default:
      return `${field} tidak valid`;
  }
}

/**
 * The top-level field of the first string (value or key) holding a NUL character, looked for
 * without recursion and within a bounded number of nodes: PostgreSQL refuses NUL in text, so such
 * input must be refused before any query sees it, whatever the schema says.
 */
function fieldWithNul(data: unknown): string | null {
  if (isFlatCleanObject(data)) return null;
  const stack: [unknown, string][] = [[data, '_']];
  for (let budget = 20_000; stack.length && budget > 0; budget--) {
    const [value, field] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return field;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push([item, field]);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // Field names the contract could have (never an echo of arbitrary input).
        const top = field === '_' ? (/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(key) ? key : '_') : field;
        if (key.includes('\u0000')) return top;
        stack.push([item, top]);
      }
    }
  }
  return null;
}

/**
 * Query strings and path parameters, checked on every request: one level of strings without NUL.
 * Answered without allocating; anything else takes the full walk above.
 */
function isFlatCleanObject(data: unknown): boolean {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  for (const key in data) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value !== 'string' || value.includes('\u0000') || key.includes('\u0000')) return false;
  }
  return true;
}

// The Indonesian fallback text of every zod issue the contract gave no message for. Set once for
// the process rather than passed to each parse: zod's parse with per-call options took about 4 µs
// more per request on the server (docs/performance.md). Messages written in the contract still win.
z.config({ customError: defaultMessage });

/** Parses `data` with a contract schema, or throws the 422 validation error. */
export function parseWith<T>(schema: ZodType<T>, data: unknown): T {
  const nul = fieldWithNul(data);
  if (nul !== null)
    throw errors.validation({ [nul]: `${nul === '_' ? 'Data' : nul} memuat karakter yang tidak diizinkan` });
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    fieldErrors[field] ??= issue.message;
  }
  throw errors.validation(fieldErrors);
}

/** One route of the app as registered: its zod schemas and who may call it. */
export interface RouteContract {
  method: string;
  url: string;
  access: string | undefined;
  schema: { params?: ZodType; querystring?: ZodType; body?: ZodType };
}

const registries = new WeakMap<FastifyInstance, RouteContract[]>();

/**
 * Every route registered on `app` with its contract schemas (for tests that walk the whole API,
 * e.g. the fuzz test). Empty for an app whose validation was not set up by `registerZodValidation`.
 */
export function routeContracts(app: FastifyInstance): readonly RouteContract[] {
  return registries.get(app) ?? [];
}

/**
 * Route schemas are zod schemas from contract/. A failure becomes a 422 whose message is the first
 * failing field's (fields are declared in the order SPEC §5 lists them) and whose data lists every
 * field's first message.
 */
export function registerZodValidation(app: FastifyInstance): void {
  const routes: RouteContract[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RouteContract['schema'];
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        access: (route.config as { access?: string } | undefined)?.access,
        schema: { params: schema.params, querystring: schema.querystring, body: schema.body },
      });
    }
  });
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    try {
      return { value: parseWith(schema as ZodType, data) };
    } catch (error) {
      return { error: error as Error };
    }
  });
  // Answers are plain objects we build ourselves; no response schemas to serialise against.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
