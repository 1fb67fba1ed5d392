import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { redactErrorText, redactUrl } from './plugins/logging.ts';
import { loadConfig } from './config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('the envelope on every answer', () => {
  it('404 for an unknown API route', async () => {
    const res = await t.call('GET', '/api/tidak-ada');
    expect(res.status).toBe(404);
    expect(res.body.diagnostic).toEqual({
      status: 404,
      message: 'Alamat API tidak ditemukan',
      code: 'route.not_found',
    });
    expect(res.body.data).toBeNull();
  });

  it('400 for malformed JSON', async () => {
    const res = await t.call('POST', '/api/token', {
      body: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.diagnostic.status).toBe(400);
    expect(res.body.diagnostic.message).toBe('Format data yang dikirim tidak valid (JSON rusak)');
  });

  it('415 for a content type the API does not take', async () => {
    const res = await t.call('POST', '/api/token', { body: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(415);
    expect(res.body.diagnostic.status).toBe(415);
  });

  it('413 for a body over the limit', async () => {
    const res = await t.call('POST', '/api/token', {
      body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.diagnostic.status).toBe(413);
  });

  it('500 without internals when a handler fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // A route that throws an unexpected error, registered on a separate app instance.
    const { buildApp } = await import('./app.ts');
    const app = await buildApp({ config: t.config, database: t.database, files: t.files, now: () => new Date() });
    app.get('/api/meledak', { config: { access: 'public' } }, async () => {
      throw new Error('rahasia internal: password=xyz');
    });
    const boom = await app.inject({ method: 'GET', url: '/api/meledak' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      diagnostic: { status: 500, message: 'Terjadi kesalahan pada server. Silakan coba lagi nanti.', code: 'internal' },
      data: null,
    });
    await app.close();
  });

  it('refuses to register an API route that does not declare who may call it', async () => {
    const { buildApp } = await import('./app.ts');
    const app = await buildApp({ config: t.config, database: t.database, files: t.files, now: () => new Date() });
    expect(() => app.get('/api/tanpa-akses', async () => 'x')).toThrow(/config\.access/);
    await app.close();
  });

  it('health answers 200 with the database kind', async () => {
    const res = await t.call<{ database: string }>('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(['pglite', 'postgres']).toContain(res.body.data.database);
  });

  it('sends security headers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('log redaction', () => {
  it('hides secrets in logged URLs', () => {
    expect(redactUrl('/api/token?username=admin&password=rahasia')).toBe(
      '/api/token?username=admin&password=[disembunyikan]',
    );
    expect(redactUrl('/api/kgb/1/signature?passphrase=abc&x=1')).toBe(
      '/api/kgb/1/signature?passphrase=[disembunyikan]&x=1',
    );
    // Judged on the decoded query, as the server reads it.
    expect(redactUrl('/api/token?username=admin&pass%77ord=rahasia')).toBe(
      '/api/token?username=admin&password=[disembunyikan]',
    );
    expect(redactUrl('/api/token?PASSWORD=rahasia')).toBe('/api/token?PASSWORD=[disembunyikan]');
    // Long digit runs (NIP, NIK, dates of birth) in search terms.
    expect(redactUrl('/api/guru/cari?guru=198504122010011001')).toBe('/api/guru/cari?guru=[angka]');
    expect(redactUrl('/api/kgb?page=1&cari=19850412')).toBe('/api/kgb?page=1&cari=[angka]');
    expect(redactUrl('/api/guru/?page=2&jenis_guru=PNS')).toBe('/api/guru/?page=2&jenis_guru=PNS');
  });
});

describe('a NIK in an error text', () => {
  it('becomes [nik] (a 16-digit run), while shorter numbers stay (docs/domain/tanda-tangan.md)', () => {
    expect(redactErrorText('BSrE: NIK 8271011503700001 tidak terdaftar')).toBe('BSrE: NIK [nik] tidak terdaftar');
    expect(redactErrorText('kode 2031, surat 12')).toBe('kode 2031, surat 12');
    // An 18-digit NIP is not cut into a NIK.
    expect(redactErrorText('NIP 197003151995031002')).toBe('NIP 197003151995031002');
  });
});

describe('SIGNER', () => {
  it('is p12 by default; bsre needs the service address and the application credentials', () => {
    expect(loadConfig({}).signer).toEqual({ kind: 'p12' });
    expect(() => loadConfig({ SIGNER: 'bsre' })).toThrow('SIGNER=bsre memerlukan BSRE_URL');
    expect(() => loadConfig({ SIGNER: 'bsre', BSRE_URL: 'http://10.1.2.3:8080' })).toThrow(
      'BSRE_USERNAME dan BSRE_PASSWORD',
    );
    expect(() =>
      loadConfig({ SIGNER: 'bsre', BSRE_URL: 'http://u:p@10.1.2.3', BSRE_USERNAME: 'a', BSRE_PASSWORD: 'b' }),
    ).toThrow('tanpa nama pengguna dan sandi');
    expect(() => loadConfig({ SIGNER: 'psre' })).toThrow('SIGNER harus p12 atau bsre');
    expect(
      loadConfig({
        SIGNER: 'bsre',
        BSRE_URL: 'http://10.1.2.3:8080/',
        BSRE_USERNAME: 'sidasek',
        BSRE_PASSWORD: 'rahasia',
        BSRE_CONCURRENCY: '8',
      }).signer,
    ).toEqual({
      kind: 'bsre',
      url: 'http://10.1.2.3:8080',
      username: 'sidasek',
      password: 'rahasia',
      signTimeoutMs: 60_000,
      statusTimeoutMs: 10_000,
      verifyTimeoutMs: 60_000,
      concurrency: 8,
      sealIdSubscriber: undefined,
    });
    expect(() =>
      loadConfig({
        SIGNER: 'bsre',
        BSRE_URL: 'http://h',
        BSRE_USERNAME: 'a',
        BSRE_PASSWORD: 'b',
        BSRE_CONCURRENCY: '40',
      }),
    ).toThrow('BSRE_CONCURRENCY paling banyak 16');
  });
});
