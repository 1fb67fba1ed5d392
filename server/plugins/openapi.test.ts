import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SPEC_CALLS } from '../test/spec-calls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('OpenAPI', () => {
  it('serves a document that lists every call of SPEC §7', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '').replace(/\{[^}]+\}/g, '{}')}`),
      ),
    );
    const missing = SPEC_CALLS.filter((c) => !documented.has(c));
    expect(missing).toEqual([]);
  });

  it('describes bodies from the zod contract and marks protected calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
            security?: unknown[];
          }
        >
      >;
    };
    const create = doc.paths['/api/sekolah']!.post!;
    expect(Object.keys(create.requestBody!.content['application/json']!.schema.properties)).toEqual([
      'npsn',
      'nama_sekolah',
      'bentuk_pendidikan',
      'status',
    ]);
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/token']!.post!.security).toBeUndefined();
  });

  it('serves the reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    // A page with scripts and styles, not an API answer (decision 0017): the page headers, and
    // swagger-ui's own policy for its script and its one inline style instead of 'none'.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(String(script.headers['content-security-policy'])).not.toContain("default-src 'none'");
  });
});
