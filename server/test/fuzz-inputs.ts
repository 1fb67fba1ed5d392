import fc from 'fast-check';
import type { ZodType } from 'zod';

// Malformed inputs derived from the zod contract, for server/test/fuzz.test.ts. A route's schema
// (params, querystring, body) is read field by field: its type, length and number bounds, patterns
// and enum values; valid sample values are found by asking the field's own schema. A case starts
// from a valid-looking input and breaks it: wrong types, huge strings, unicode, extreme numbers,
// missing and extra fields, arrays instead of objects, deep nesting, broken transports.

export type FieldKind = 'string' | 'number' | 'enum' | 'array' | 'boolean' | 'object' | 'unknown';

export interface FieldInfo {
  name: string;
  kind: FieldKind;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  patterns: RegExp[];
  min?: number;
  max?: number;
  int?: boolean;
  values?: string[];
  /** Values the field's schema accepts (may be empty). */
  valid: unknown[];
}

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] } };
}
const defOf = (s: unknown) => (s as ZodInternals)._zod.def;

/** The schema under optional/default/nullable wrappers and preprocess pipes. */
function core(schema: unknown): ZodInternals {
  let cur = schema as ZodInternals;
  for (let i = 0; i < 20; i++) {
    const d = cur._zod.def;
    if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'nonoptional', 'catch'].includes(d.type))
      cur = d.innerType as ZodInternals;
    else if (d.type === 'pipe') cur = (defOf(d.in).type === 'transform' ? d.out : d.in) as ZodInternals;
    else if (d.type === 'union')
      cur = ((d.options as ZodInternals[]).find((o) => o._zod.def.type !== 'literal') ??
        (d.options as ZodInternals[])[0])!;
    else break;
  }
  return cur;
}

// Plausible values, tried against each field's schema to find what it accepts.
const CANDIDATES: unknown[] = [
  'Uji Fuzz',
  'a',
  '2020-01-15',
  '1985-04-12',
  '60200100',
  '60200200',
  '1',
  '2',
  '3',
  '10',
  'SD',
  'SMA',
  'Negeri',
  'Baik',
  'sekolah',
  'III/b',
  'PNS',
  'Laki-laki',
  'Perempuan',
  't',
  'ya',
  'true',
  'Ya',
  'Single',
  '197003151995031002',
  '198504122010011001',
  '8271011204850001',
  '002/001',
  '97712',
  '0921123456',
  '081234567890',
  'guru@sekolah.id',
  'https://sekolah.id',
  'uji_fuzz',
  'KGB-7K3M-Q9XD',
  'passphrase-uji-123',
  'nama_sekolah',
  'npsn',
  'umum',
  'bahasa',
  '82',
  '82.71',
  1,
  2,
  3,
  10,
  0,
  1.5,
  100,
  [],
  [1],
  true,
];

function enumFromMessage(schema: ZodType): string[] | undefined {
  const res = schema.safeParse('\u0007');
  if (res.success) return undefined;
  for (const issue of res.error.issues) {
    const m = /salah satu dari: (.+)$/.exec(issue.message);
    if (m)
      return m[1]!
        .split(/, | atau /)
        .map((s) => s.trim())
        .filter(Boolean);
  }
  return undefined;
}

/** The fields of an object schema, or null when the schema is not an object. */
export function describeObject(schema: ZodType | undefined): FieldInfo[] | null {
  if (!schema) return null;
  const obj = core(schema);
  if (obj._zod.def.type !== 'object') return null;
  const shape = obj._zod.def.shape as Record<string, ZodType>;
  return Object.entries(shape).map(([name, field]) => describeField(name, field));
}

export function describeField(name: string, field: ZodType): FieldInfo {
  const c = core(field);
  const d = c._zod.def;
  const info: FieldInfo = {
    name,
    kind: 'unknown',
    required: !field.safeParse(undefined).success,
    patterns: [],
    valid: [],
  };
  for (const check of d.checks ?? []) {
    const cd = check._zod.def;
    if (cd.check === 'max_length') info.maxLength = cd.maximum as number;
    if (cd.check === 'min_length') info.minLength = cd.minimum as number;
    if (cd.check === 'string_format' && cd.pattern instanceof RegExp) info.patterns.push(cd.pattern);
    if (cd.check === 'greater_than') info.min = cd.value as number;
    if (cd.check === 'less_than') info.max = cd.value as number;
    if (cd.check === 'number_format') info.int = /int/.test(String(cd.format));
  }
  if (d.type === 'string') info.kind = 'string';
  else if (d.type === 'number') info.kind = 'number';
  else if (d.type === 'boolean') info.kind = 'boolean';
  else if (d.type === 'array') info.kind = 'array';
  else if (d.type === 'object') info.kind = 'object';
  else if (d.type === 'enum') {
    info.kind = 'enum';
    info.values = Object.values(d.entries as Record<string, string>).map(String);
  } else if (d.type === 'literal') {
    info.kind = 'enum';
    info.values = (d.values as unknown[]).map(String);
  }
  const fromMessage = enumFromMessage(field);
  if (fromMessage) {
    info.kind = 'enum';
    info.values = fromMessage;
  }
  const candidates = [...(info.values ?? []), ...CANDIDATES];
  for (const p of info.patterns) {
    try {
      candidates.unshift(...fc.sample(fc.stringMatching(p), { numRuns: 4, seed: 1 }));
    } catch {
      // A pattern fast-check cannot generate from: the fixed candidates remain.
    }
  }
  if (info.kind === 'number') {
    const lo = info.min ?? 0;
    const hi = info.max ?? lo + 100;
    candidates.unshift(Math.max(lo, Math.min(hi, 1)), Math.max(lo, Math.min(hi, 2)), Math.ceil((lo + hi) / 2));
  }
  for (const v of candidates) {
    if (info.valid.length >= 4) break;
    if (field.safeParse(v).success && !info.valid.some((x) => JSON.stringify(x) === JSON.stringify(v)))
      info.valid.push(v);
  }
  return info;
}

// ---------------------------------------------------------------------------------------------
// Malformed values

const NUL = '\u0000';
/** Strings that break parsers, encodings, databases and renderers. */
export const NASTY_STRINGS: string[] = [
  '',
  ' ',
  '   \t\n',
  NUL,
  `a${NUL}b`,
  `${NUL}${NUL}${NUL}`,
  '\u202Eevil\u202C',
  '\u200F\u0627\u0644\u0639\u0631\u0628\u064A\u0629',
  '\u200B\u200C\u200D\uFEFF',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\uD83D\uDCA9',
  '👨‍👩‍👧‍👦',
  'Z̴̡̧͎̰͇̓̈́͘a̷͉̟̾̓l̵̰̈́g̶̣̈́o̵̯͗',
  'ｆｕｌｌｗｉｄｔｈ',
  'İıſK',
  '\r\n\r\n',
  '\u2028\u2029',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE guru; --",
  '%00',
  '%s%s%s%n',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'C:\\con\\con',
  '\\\\?\\',
  '/dev/zero',
  'null',
  'undefined',
  'NaN',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  'toString',
  '1e309',
  '-1',
  '-0',
  '0x1F',
  '1_000',
  ' 7 ',
  '٣',
  '１２',
  '1,5',
  '1.',
  '.5',
  '+5',
  '--1',
  '9'.repeat(400),
  '2147483648',
  '-2147483649',
  '9007199254740993',
  'Infinity',
  '-Infinity',
  '2020-02-30',
  '0000-00-00',
  '9999-12-31',
  '2020-1-1',
  '1969-12-31T23:59:59Z',
  'a'.repeat(256),
  'é'.repeat(300),
  '😀'.repeat(200),
  `${'x'.repeat(10_000)}`,
];

export const NASTY_NUMBERS: number[] = [
  -1,
  0,
  -0,
  0.5,
  -0.5,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
  1e15 + 0.3,
];

/** A JSON value nested `depth` levels deep, as text (JSON.stringify would recurse). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A malformed value for a field: wrong type, extreme number, nasty string, huge or nested. */
export function badValue(info: FieldInfo | null): fc.Arbitrary<unknown> {
  const over = info?.maxLength !== undefined ? info.maxLength + 1 : 300;
  const arbs: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      [],
      {},
      [1, 2],
      { a: 1 },
      [[[]]],
      [''],
      [null],
      JSON.parse('{"__proto__":{"x":1}}') as unknown,
      { constructor: { prototype: {} } },
    ),
    fc.constantFrom(...NASTY_STRINGS),
    fc.constantFrom(...NASTY_NUMBERS),
    fc.constantFrom('x'.repeat(over), ' '.repeat(over), `${'x'.repeat(over)}${NUL}`, '9'.repeat(Math.min(over, 5000))),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.double(),
    fc.integer({ min: -(2 ** 31) * 4, max: 2 ** 31 * 4 }),
    fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  ];
  if (info && info.kind === 'number') {
    const lo = info.min ?? 0;
    const hi = info.max ?? 2 ** 31;
    arbs.push(
      fc.constantFrom<unknown>(
        lo - 1,
        hi + 1,
        lo - 0.5,
        hi + 0.5,
        String(lo - 1),
        String(hi + 1),
        `${hi}0`,
        `${lo},5`,
        ` ${lo} `,
        String(hi) + NUL,
      ),
    );
    if (info.int) arbs.push(fc.constantFrom<unknown>(lo + 0.5, String(lo + 0.5)));
  }
  if (info && info.kind === 'enum' && info.values?.length) {
    arbs.push(
      fc
        .constantFrom(...info.values)
        .chain((v) =>
          fc.constantFrom<unknown>(v.toLowerCase(), v.toUpperCase(), ` ${v}${NUL}`, `${v}x`, [v], { [v]: v }),
        ),
    );
  }
  if (info && info.valid.length) {
    // A valid value, slightly spoiled.
    arbs.push(
      fc
        .constantFrom(...info.valid)
        .chain((v) =>
          fc.constantFrom<unknown>(
            [v],
            { v },
            `${String(v)}${NUL}`,
            `${String(v)}\u202E`,
            `${String(v)}${'x'.repeat(over)}`,
            String(v).repeat(50),
          ),
        ),
    );
  }
  return fc.oneof(...arbs);
}

/** A value that may or may not be valid: used on fields other than the one broken on purpose. */
export function anyValue(info: FieldInfo): fc.Arbitrary<unknown> {
  return info.valid.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...info.valid) }, { weight: 1, arbitrary: badValue(info) })
    : badValue(info);
}

export type Mutation =
  | { op: 'set'; field: string; value: unknown }
  | { op: 'delete'; field: string }
  | { op: 'extra'; field: string; value: unknown };

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'role_id',
  'roleId',
  'status',
  'verifikasi',
  'password_hash',
  'sekolah_id',
  'guru_id',
  '$where',
  'a.b',
  '',
  ' ',
  NUL,
  'x'.repeat(300),
];

/** A valid-looking object for the fields (optional fields sometimes left out), then broken. */
export function objectCase(
  fields: FieldInfo[],
): fc.Arbitrary<{ base: Record<string, unknown>; mutations: Mutation[] }> {
  const base = fc.record(
    Object.fromEntries(
      fields.map((f) => [
        f.name,
        f.valid.length
          ? fc.oneof(
              { weight: 5, arbitrary: fc.constantFrom(...f.valid) },
              { weight: f.required ? 0 : 1, arbitrary: fc.constant(undefined) },
            )
          : fc.constant(undefined),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const names = fields.map((f) => f.name);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    {
      weight: 6,
      arbitrary: names.length
        ? fc
            .constantFrom(...names)
            .chain((field) => badValue(byName.get(field)!).map((value): Mutation => ({ op: 'set', field, value })))
        : fc.constant<Mutation>({ op: 'delete', field: 'x' }),
    },
    {
      weight: 2,
      arbitrary: names.length
        ? fc.constantFrom(...names).map((field): Mutation => ({ op: 'delete', field }))
        : fc.constant<Mutation>({ op: 'delete', field: 'x' }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })), fc.jsonValue({ maxDepth: 3 }))
        .map(([field, value]): Mutation => ({ op: 'extra', field, value })),
    },
  );
  return fc.record({ base, mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }) });
}

export function applyMutations(base: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) out[k] = v;
  for (const m of mutations) {
    if (m.op === 'delete') delete out[m.field];
    else Object.defineProperty(out, m.field, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Path parameters and query strings

/** Raw (already URL-encoded where needed) path segments that are not valid ids, codes or NPSNs. */
export const BAD_PATH_SEGMENTS: string[] = [
  '-1',
  '0',
  '-0',
  '1e309',
  '1e3',
  '1.5',
  '0x1',
  '+1',
  '%201',
  '1%20',
  '%00',
  '1%00',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwin.ini',
  'abc',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '%5Bobject%20Object%5D',
  '2147483648',
  '99999999999999999999',
  '9007199254740993',
  '%D9%A3',
  '%EF%BC%91',
  '%F0%9F%92%A9',
  '%E2%80%AE1',
  '%C0%AF',
  '%FF',
  'x'.repeat(2000),
  '1'.repeat(300),
  '6020010',
  '602001000',
  '6020010a',
  '60200100%00',
  '%2060200100',
  'kgb-0000-0000',
  'KGB-0000-000%00',
  '%27%20OR%201%3D1',
  '__proto__',
  'constructor',
  '%7B%7D',
  '%5B%5D',
];

export const BAD_QUERY_VALUES: string[] = [
  '',
  '%20',
  '%20%20',
  '+',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '-1',
  '0',
  '1e309',
  '1.5',
  'NaN',
  'Infinity',
  'abc',
  '1%00',
  '%D9%A3',
  '%EF%BC%91',
  '0x10',
  '2147483648',
  '99999999999999999999',
  encodeURIComponent('\u202Eevil'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('%'),
  'x'.repeat(3000),
  encodeURIComponent('😀'.repeat(100)),
  'true',
  'false',
  'null',
  '%5B%5D',
  '%7B%7D',
  encodeURIComponent('<script>'),
  '%ED%A0%80',
  '%F4%90%80%80',
  '%EF%BF%BF',
];

/** Percent-encodes any string; lone surrogates (which encodeURIComponent refuses) as U+FFFD. */
export const encode = (text: string): string =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

const encodeValue = (v: unknown): string => {
  if (typeof v === 'string') return encode(v);
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return encode(JSON.stringify(v));
  return encode(String(v));
};

export interface QueryCase {
  /** The query string without the leading '?', possibly empty. */
  raw: string;
}

/** A query string from a valid-looking object, broken in one or more ways. */
export function queryCase(fields: FieldInfo[] | null): fc.Arbitrary<string> {
  const fs = fields ?? [];
  const raw = fc.constantFrom(...BAD_QUERY_VALUES);
  const pair = (name: fc.Arbitrary<string>) =>
    fc.tuple(name, fc.oneof(raw, badValue(null).map(encodeValue))).map(([k, v]) => `${k}=${v}`);
  const knownName = fs.length ? fc.constantFrom(...fs.map((f) => f.name)) : fc.constantFrom('page', 'q');
  const fromObject = objectCase(fs).map(({ base, mutations }) => {
    const obj = applyMutations(base, mutations);
    return Object.entries(obj)
      .flatMap(([k, v]) =>
        Array.isArray(v) && v.length
          ? v.map((x) => `${encode(k)}=${encodeValue(x)}`)
          : [`${encode(k)}=${encodeValue(v)}`],
      )
      .join('&');
  });
  return fc.oneof(
    { weight: 4, arbitrary: fromObject },
    { weight: 3, arbitrary: fc.array(pair(knownName), { minLength: 1, maxLength: 4 }).map((ps) => ps.join('&')) },
    // The same key twice (arrives as a list), brackets, bare keys, separators only.
    {
      weight: 2,
      arbitrary: knownName.chain((k) =>
        fc.constantFrom(
          `${k}=1&${k}=2`,
          `${k}[]=1`,
          `${k}[a]=1`,
          k,
          `${k}=`,
          `&&${k}==1&&`,
          `${k}=%20&page=%20`,
          `=${k}`,
          `${k}=1;${k}=2`,
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'page=%20',
        '&&&',
        '=',
        '?',
        '%',
        'a=%zz&b=%',
        `${'a=1&'.repeat(2000)}a=1`,
        `${'k'.repeat(5000)}=1`,
      ),
    },
  );
}
