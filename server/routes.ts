// Every module's routes, in the order they are registered (app.ts, after the hooks they run under).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
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
import { kgbNoticesOf } from './modules/kgb/notices.ts';
import { kenaikanPangkatNotices } from './modules/kenaikan-pangkat/notices.ts';
import { pensiunNotices } from './modules/pensiun/notices.ts';
import { pejabatRoutes } from './modules/kgb/pejabat.routes.ts';
import { dokumenRoutes } from './modules/kgb/dokumen.routes.ts';
import { eksporRoutes } from './modules/ekspor/ekspor.routes.ts';
import { kualitasRoutes } from './modules/kualitas/kualitas.routes.ts';
import { imporRoutes } from './modules/impor/impor.routes.ts';
import { statistikRoutes } from './modules/statistik/statistik.routes.ts';
import { kenaikanPangkatRoutes } from './modules/kenaikan-pangkat/kenaikan-pangkat.routes.ts';
import { pensiunRoutes } from './modules/pensiun/pensiun.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { kunjunganRoutes } from './modules/kunjungan/kunjungan.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';

export function registerRoutes(app: FastifyInstance, deps: AppDeps): void {
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
  notifikasiRoutes(app, deps, {
    kgb: kgbNoticesOf(deps.salaryTables),
    later: [kenaikanPangkatNotices, pensiunNotices],
  });
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
}
