import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createTestApp, createAdmin, createSchoolWithOperator, TEST_PASSWORD, type TestApp } from './test-app.ts';
import { createGuru, editFormOf } from './guru-factory.ts';
import type { Guru } from '#contract/guru.ts';

/**
 * "Accounts and sessions" and "Audit and logs": security headers on every kind of answer,
 * strict CORS, tokens only in the Authorization header, and no password, token, passphrase or NIK
 * in the server log, not even in a failed query's error.
 */
let t: TestApp;
let web: string;

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'sidasek-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Sidasek</title><div id="root"></div>');
  writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(web, 'assets', 'app.js.br'), brotliCompressSync(Buffer.from('console.log(1)')));
  t = await createTestApp({ webDistDir: web });
  await createAdmin(t.database.db);
});
afterAll(async () => {
  await t.app.close();
});

describe('security headers on every answer', () => {
  it('API answers of every status, the SPA page, its fallback and its assets', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/tidak-ada' }),
      await t.app.inject({ method: 'GET', url: '/api/guru' }),
      await t.app.inject({ method: 'POST', url: '/api/token', payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: '/api/token',
        headers: { 'content-type': 'text/plain' },
        payload: 'username=admin',
      }),
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.app.inject({ method: 'GET', url: '/admin-side/guru' }),
      await t.app.inject({ method: 'GET', url: '/assets/app.js' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, 422, 415, 200, 200, 200]);
    for (const a of answers) {
      expect(String(a.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['referrer-policy']).toBe('same-origin');
      expect(a.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(String(a.headers['strict-transport-security'])).toMatch(/^max-age=\d{8}/);
      expect(a.headers['x-powered-by']).toBeUndefined();
      expect(a.headers.server).toBeUndefined();
      expect(String(a.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    }
    // API answers (decision 0017): a policy that allows nothing, never framed, no document-only headers.
    for (const a of answers.slice(0, 5)) {
      expect(a.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(a.headers['x-frame-options']).toBe('DENY');
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
      ])
        expect(a.headers[documentOnly]).toBeUndefined();
    }
    // The SPA, its fallback and its assets: the page policy.
    for (const a of answers.slice(5)) {
      const csp = String(a.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(a.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    // API answers are never cached; the SPA shell is revalidated.
    for (const a of answers.slice(0, 5)) expect(a.headers['cache-control']).toBe('no-store');
    expect(answers[5]!.headers['cache-control']).toBe('no-cache');
    // The 415 says what is wrong, in the envelope.
    expect(answers[4]!.json().diagnostic.status).toBe(415);
  });

  it("sends the build's precompressed assets with a long cache; the shell revalidates", async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
  });

  it('a multipart route refuses JSON and a JSON route refuses a form: 415', async () => {
    const admin = await t.login('admin');
    const headers = { authorization: `Bearer ${admin}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/guru', headers, payload: { nama: 'x' } })).statusCode).toBe(
      415,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/lahan',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'nama=x',
        })
      ).statusCode,
    ).toBe(415);
  });
});

describe('strict CORS', () => {
  it('grants no other origin: no Access-Control-Allow-Origin on a preflight or an answer', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/token',
      headers: {
        origin: 'https://penyerang.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://penyerang.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('tokens only in the Authorization header', () => {
  it('a valid token in the URL does not sign anyone in', async () => {
    const admin = await t.login('admin');
    expect((await t.call('GET', '/api/me', { token: admin })).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?token=${admin}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?access_token=${admin}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `token=${admin}` } })).statusCode,
    ).toBe(401);
  });
});

describe('the server log', () => {
  let logged: string[];
  let app: FastifyInstance;
  const NIK = '8271011203900001';
  const NEW_NIK = '8271011203900002';
  const PASSPHRASE = 'frasa-sandi-rahasia-42';
  const NEW_PASSWORD = 'Sandi-Baru-Sekali-77';
  const PERCENT_PASSWORD = 'sandi-lewat-persen-31';
  // Keys with brackets (qs-style lists and objects) and other secret-looking names.
  const BRACKET_SECRETS = [
    'sandi-dalam-kurung-41',
    'sandi-bersarang-42',
    'frasa-bersarang-43',
    'rahasia-klien-44',
    'token-reset-45',
    'sandi-dalam-kurung-46',
  ];

  beforeAll(async () => {
    logged = [];
    app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      database: t.database,
      files: t.files,
      now: () => new Date(),
      logStream: { write: (line) => void logged.push(line) },
    });
    // A handler whose query fails with a NIK among its parameters (a 500 logs the error). A GET: a
    // write route's transaction holds PGlite's one connection, which this raw handle would wait for.
    app.get('/api/uji-gagal', { config: { access: 'public' } }, async () => {
      await t.database.db.execute(sql`insert into guru (nik, nama) values (${NIK}, ${null})`);
      return null;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('holds no password, token, passphrase or NIK after a session of typical and failing calls', async () => {
    const { school } = await createSchoolWithOperator(t.database.db, { npsn: '60201234' });
    const g = await createGuru(t.database.db, school.id, { nik: NIK });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) =>
      app.inject({
        method,
        url,
        ...(body ? { payload: body as never } : {}),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    const login = await call('POST', '/api/token', { username: 'admin', password: TEST_PASSWORD });
    const token = login.json().data.access_token as string;
    await call('POST', '/api/token', { username: 'admin', password: 'salah-sekali-123' });
    await call('POST', `/api/token?username=admin&password=${TEST_PASSWORD}`);
    // A percent-encoded name ('pass%77ord' = 'password') was logged in clear.
    await call('POST', `/api/token?username=admin&pass%77ord=${encodeURIComponent(PERCENT_PASSWORD)}`);
    await call('GET', `/api/me?token=${token}`);
    const [b1, b2, b3, b4, b5, b6] = BRACKET_SECRETS;
    await call('POST', `/api/token?username=admin&password%5B%5D=${b1}`);
    await call('POST', `/api/token?username=admin&user%5Bpassword%5D=${b2}`);
    await call('POST', `/api/token?data[akun][Passphrase]=${b3}&client_secret=${b4}`);
    await call('GET', `/api/me?reset_token=${b5}&user.password=x&PASSWORD%5B0%5D=${b6}`);
    await call('GET', `/api/guru/cari?guru=x&nik_guru=${NIK}&filter%5Bnik%5D=${NEW_NIK}`, undefined, token);
    const detail = (await call('GET', `/api/guru/${g.id}`, undefined, token)).json().data as Guru;
    await call(
      'PUT',
      `/api/guru/${g.id}`,
      { versi: detail.versi, ...editFormOf(detail, school.id), nik: NEW_NIK },
      token,
    );
    await call('POST', `/api/kgb/${g.id}/signature`, { passphrase: PASSPHRASE }, token);
    await call('POST', `/api/kgb/${g.id}/signature?passphrase=${PASSPHRASE}`, {}, token);
    const operator = (await call('POST', '/api/token', { username: '60201234', password: TEST_PASSWORD })).json().data
      .access_token as string;
    await call(
      'PUT',
      '/api/user/password',
      { password_lama: TEST_PASSWORD, password_baru: NEW_PASSWORD, konfirmasi_password: NEW_PASSWORD },
      operator,
    );
    // A NIP (it holds the birth date) searched for: logged without its digits.
    await call('GET', `/api/guru/cari?guru=${detail.nip}`, undefined, token);
    await call('GET', `/api/kgb?page=1&cari=${detail.nip}`, undefined, token);
    const failed = await call('GET', '/api/uji-gagal');
    expect(failed.statusCode).toBe(500);

    const text = logged.join('');
    // The log is not empty: requests and the failure are there.
    expect(text).toContain('/api/guru/');
    expect(text).toContain('unhandled error');
    expect(text).toContain('params: [disembunyikan]');
    expect(text).toContain('/api/guru/cari?guru=');
    // The bracketed keys themselves are still there (what was sent is visible, not its value).
    expect(text).toContain('password%5B%5D=[disembunyikan]');
    expect(text).toContain('user%5Bpassword%5D=[disembunyikan]');
    for (const secret of [
      TEST_PASSWORD,
      NEW_PASSWORD,
      'salah-sekali-123',
      PERCENT_PASSWORD,
      ...BRACKET_SECRETS,
      token,
      operator,
      PASSPHRASE,
      NIK,
      NEW_NIK,
      '$argon2',
      detail.nip!,
    ]) {
      expect(text, `log contains ${secret}`).not.toContain(secret);
    }
  });
});
