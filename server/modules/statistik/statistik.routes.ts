import type { FastifyInstance } from 'fastify';
import { STATISTIK, type StatistikData, type StatistikName } from '#contract/statistik.ts';
import { ok } from '../../lib/envelope.ts';
import type { AppDeps } from '../../deps.ts';
import { statistikRepository } from './statistik.repository.ts';
import { statCacheOf } from './statistik.cache.ts';
import { duaMingguTerakhir, enamBulanTerakhir, limaTahunBerikutnya } from '../../domain/periode.ts';
import { guruAktifSql } from '../guru/aktif.ts';

/**
 * GET api/data-statistik/<name> (SPEC §7), administrators only: operators have no statistics menu
 * (SPEC §2 "Menus") and the figures cover every school.
 */
export function statistikRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = statistikRepository(deps.database.db);
  const cache = statCacheOf(app, deps);
  const usia = deps.config.retirementAge;
  // Counts are of active teachers only.
  const aktif = (today: string) => guruAktifSql(null, today, usia);

  const compute: { [K in StatistikName]: (today: string) => Promise<StatistikData[K]> } = {
    'jumlah-unit-sekolah': () => repo.jumlahUnitSekolah(),
    'jumlah-guru': (today) => repo.jumlahGuru(aktif(today)),
    'guru-pensiun': (today) => {
      const p = enamBulanTerakhir(today);
      return repo.pensiunPerBulan(p.dari, p.sampai, usia);
    },
    'jumlah-guru-jenis-kelamin': (today) => repo.jenisKelamin(aktif(today)),
    'pensiun-lima-tahun': (today) => {
      const p = limaTahunBerikutnya(today);
      return repo.pensiunPerTahun(p.dari, p.sampai, usia);
    },
    'kondisi-ruang-kelas': () => repo.kondisiRuangKelas(),
    'kualifikasi-pendidik': (today) => repo.kualifikasi(aktif(today)),
    'pendidik-tersertifikasi': (today) => repo.sertifikasi(aktif(today)),
    rasio: (today) => repo.rasio(Number(today.slice(0, 4)), aktif(today)),
    kgb: (today) => {
      const p = enamBulanTerakhir(today);
      return repo.kgbPerBulan(p.dari, p.sampai, deps.waktu.zona());
    },
    kunjungan: (today) => {
      const p = duaMingguTerakhir(today);
      return repo.kunjunganPerHari(p.dari, p.sampai);
    },
  };

  for (const name of STATISTIK) {
    app.get(`/api/data-statistik/${name}`, { config: { access: 'admin' } }, async () => {
      const today = deps.waktu.hariIni(deps.now());
      // The day is part of the key: periods move at midnight even without a write.
      const run = compute[name] as (today: string) => Promise<unknown>;
      return ok(await cache.get(`statistik:${name}:${today}`, () => run(today)));
    });
  }
}
