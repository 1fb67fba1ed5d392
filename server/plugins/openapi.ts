import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z, type ZodType } from 'zod';
import { readFileSync } from 'node:fs';

/** Zod schemas of a route as JSON Schema for the document (input shape: what a client sends). */
function toJsonSchema(schema: unknown) {
  if (!schema || typeof (schema as ZodType).safeParse !== 'function') return schema;
  const json = z.toJSONSchema(schema as ZodType, {
    io: 'input',
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

const SWAGGER_INLINE_STYLE_HASH = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

const ACCESS_TEXT = {
  public: 'Tanpa login',
  user: 'Administrator dan operator sekolah (operator hanya sekolahnya)',
  admin: 'Administrator saja',
} as const;

/**
 * An OpenAPI 3 description generated from the routes and their zod contract, with a reference page
 * at /api/docs for the office's other systems.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sidasek API',
        version: '1.0.0',
        description:
          'API administrasi sekolah dan guru Dinas Pendidikan. Setiap jawaban berbentuk `{ diagnostic: { status, message }, data }`; status HTTP sama dengan `diagnostic.status`. Daftar memakai halaman gaya Laravel (`data.data`, `current_page`, `last_page`, `per_page`, `total`). Login di `POST /api/token` lalu kirim `Authorization: Bearer <access_token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: ({ schema, url, route }) => {
      const s = { ...(schema ?? {}) } as Record<string, unknown>;
      for (const key of ['body', 'querystring', 'params'] as const) if (s[key]) s[key] = toJsonSchema(s[key]);
      const access = (route.config as { access?: keyof typeof ACCESS_TEXT } | undefined)?.access;
      s.tags = [url.split('/')[2] ?? 'api'];
      if (access) s.description = `Akses: ${ACCESS_TEXT[access]}.`;
      if (access && access !== 'public') s.security = [{ bearer: [] }];
      if (url.startsWith('/api/docs') || !url.startsWith('/api')) s.hide = true;
      return { schema: s, url };
    },
  });
  const logo = readFileSync(new URL('../../web/public/favicon.svg', import.meta.url));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI's bundle injects one fixed inline <style> (an SVG icon's fills); allow exactly it.
    transformStaticCSP: (header: string) =>
      header.replace("style-src 'self' https:", `style-src 'self' https: '${SWAGGER_INLINE_STYLE_HASH}'`),
    logo: { type: 'image/svg+xml', content: logo, href: '/', target: '_self' },
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
}
