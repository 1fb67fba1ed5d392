// The bare peer of the benchmark: node:http and a pg pool, no Fastify, running the app's own query
// modules (the guru, sekolah, riwayat and kgb repositories and the session lookup) and answering
// the same JSON envelope. What the app loses against it is the framework's cost.
//   DATABASE_URL=postgres://… PORT=3961 npx tsx scripts/bench/bare-server.ts
import http from 'node:http';
import { guruListQuery, guruSearchQuery, GURU_PAGE_SIZE } from '#contract/guru.ts';
import { sekolahListQuery } from '#contract/sekolah.ts';
import { kgbListQuery } from '#contract/kgb.ts';
import { RECORD_KIND, recordListQuery, type RecordKindKey } from '#contract/riwayat.ts';
import { ROLE_ADMIN } from '#contract/auth.ts';
import { openDatabase } from '../../server/db/client.ts';
import { fail, ok, page } from '../../server/lib/envelope.ts';
import { sessionRepository } from '../../server/modules/auth/session.repository.ts';
import { guruRepository } from '../../server/modules/guru/guru.repository.ts';
import { cappedPage } from '../../server/lib/capped-count.ts';
import { sekolahRepository } from '../../server/modules/sekolah/sekolah.repository.ts';
import { riwayatRepository, RECORD_PAGE_SIZE } from '../../server/modules/riwayat/riwayat.repository.ts';
import { kgbRepository, salaryTables } from '../../server/modules/kgb/kgb.repository.ts';
import { dueItems } from '../../server/modules/kgb/due-item.ts';
import { waktuKantor } from '../../server/domain/waktu-kantor.ts';

const KGB_PAGE_SIZE = 10;
const RETIREMENT_AGE = Number(process.env.RETIREMENT_AGE || 60);

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  poolSize: Number(process.env.POOL_SIZE || 10),
});
const { db } = database;
const sessions = sessionRepository(db);
const guruRepo = guruRepository(db, RETIREMENT_AGE);
const sekolahRepo = sekolahRepository(db);
const kgbRepo = kgbRepository(db, salaryTables());
// The office's clock in the default zone (WIT), as the app's without OFFICE_TIMEZONE.
const waktu = waktuKantor();
const tabs = new Map(Object.keys(RECORD_KIND).map((k) => [k, riwayatRepository(db, RECORD_KIND[k as RecordKindKey])]));

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function authenticate(req: http.IncomingMessage) {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec((req.headers.authorization ?? '').trim());
  if (!m) throw new HttpError(401, 'Sesi tidak valid');
  const found = await sessions.findByToken(m[1]!);
  if (!found || found.statusAkun !== 1) throw new HttpError(401, 'Sesi tidak valid');
  return found.user;
}

const npsnOf = (user: { roles: { id: number }; username: string }) =>
  user.roles.id === ROLE_ADMIN ? undefined : user.username;

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  params: URLSearchParams,
): T {
  const r = schema.safeParse(Object.fromEntries(params));
  if (!r.success) throw new HttpError(422, 'Parameter tidak valid');
  return r.data;
}

async function handle(req: http.IncomingMessage): Promise<unknown> {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  if (req.method !== 'GET') throw new HttpError(404, 'Tidak ditemukan');
  if (path === '/api/health') return ok({ status: 'ok' });
  const user = await authenticate(req);
  const q = url.searchParams;

  if (path === '/api/guru' || path === '/api/guru/') {
    const p = parse(guruListQuery, q);
    return ok(
      cappedPage(
        await guruRepo.list({ bp: p.bp, jenisGuru: p.jenis_guru, npsn: npsnOf(user) }, p.page, GURU_PAGE_SIZE),
        p.page,
        GURU_PAGE_SIZE,
      ),
    );
  }
  if (path === '/api/guru/cari') {
    const p = parse(guruSearchQuery, q);
    return ok(
      cappedPage(
        await guruRepo.list({ search: p.guru, npsn: npsnOf(user) }, p.page, GURU_PAGE_SIZE),
        p.page,
        GURU_PAGE_SIZE,
      ),
    );
  }
  const detail = /^\/api\/guru\/(\d+)$/.exec(path);
  if (detail) {
    const id = Number(detail[1]);
    // As the app: one statement, the access check on the school it carries.
    const found = await guruRepo.find(id, waktu.hariIni(new Date()));
    if (!found) throw new HttpError(404, 'Guru tidak ditemukan');
    if (user.roles.id !== ROLE_ADMIN && found.sekolah?.npsn !== user.username)
      throw new HttpError(403, 'Akses ditolak');
    return ok(found);
  }
  if (path === '/api/sekolah') {
    const p = parse(sekolahListQuery, q);
    return ok(
      cappedPage(
        await sekolahRepo.list({
          q: p.q,
          page: p.page,
          perPage: p.per_page,
          sortBy: p.sortby,
          desc: p.sortbydesc,
          onlyNpsn: npsnOf(user),
        }),
        p.page,
        p.per_page,
      ),
    );
  }
  if (path === '/api/kgb') {
    const p = parse(kgbListQuery, q);
    const today = waktu.hariIni(new Date());
    const { rows, total, more } = await kgbRepo.dueList({
      today,
      cari: p.cari,
      bp: p.bentuk_pendidikan,
      npsn: npsnOf(user),
      page: p.page,
      perPage: KGB_PAGE_SIZE,
      retirementAge: RETIREMENT_AGE,
    });
    const items = await dueItems(db, kgbRepo, rows, today, RETIREMENT_AGE);
    return ok(cappedPage({ rows: items, total, more }, p.page, KGB_PAGE_SIZE));
  }
  const tab = tabs.get(path.slice('/api/'.length));
  if (tab) {
    const p = parse(recordListQuery, q);
    const found = await guruRepo.npsnOf(p.id_guru);
    if (!found) throw new HttpError(404, 'Guru tidak ditemukan');
    if (user.roles.id !== ROLE_ADMIN && found.npsn !== user.username) throw new HttpError(403, 'Akses ditolak');
    const { rows, total } = await tab.list(p.id_guru, p.page);
    return ok(page(rows, total, p.page, RECORD_PAGE_SIZE));
  }
  throw new HttpError(404, 'Tidak ditemukan');
}

// The app's API security headers, request id and cache-control on every answer too, so that
// app ÷ bare measures the framework alone and not headers the app must send and the load
// generator must parse (decision 0019). BARE_HEADERS=plain (bench --bare-plain) leaves them out.
const extraHeaders: () => Record<string, string> =
  process.env.BARE_HEADERS !== 'plain'
    ? await (async () => {
        const { apiSecurityHeaders, appSecurityHeaders } = await import('../../server/plugins/security-headers.ts');
        const { loadConfig } = await import('../../server/config.ts');
        const { randomUUID } = await import('node:crypto');
        const security = apiSecurityHeaders(appSecurityHeaders(loadConfig(process.env)));
        return () => ({ ...security, 'x-request-id': randomUUID(), 'cache-control': 'no-store' });
      })()
    : () => ({});

const server = http.createServer((req, res) => {
  req.resume();
  handle(req).then(
    (body) => {
      const text = JSON.stringify(body);
      res.writeHead(200, {
        ...extraHeaders(),
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    },
    (err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const text = JSON.stringify(fail(status, err instanceof HttpError ? err.message : 'Kesalahan server'));
      if (status === 500) console.error(err);
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    },
  );
});
server.keepAliveTimeout = 72_000;

const port = Number(process.env.PORT || 3961);
server.listen(port, process.env.HOST || '127.0.0.1', () => console.log(`bare-server mendengarkan di ${port}`));

const stop = () => {
  server.close();
  void database.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
