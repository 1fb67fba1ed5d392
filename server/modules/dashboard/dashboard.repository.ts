import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Dashboard } from '#contract/dashboard.ts';
import { STATUS_PNS } from '#contract/asn.ts';
import { KGB_SIGNED } from '../statistik/statistik.repository.ts';
import { KGB_PESERTA_SQL, nextTmtSql } from '../kgb/kgb.repository.ts';
import { guruAktifSql } from '../guru/aktif.ts';
import { NOTICE_MONTHS } from '../../domain/kgb.ts';
import { bulanLahirSebelumPensiun } from '../../domain/pensiun.ts';

// The KGB rule's SQL form, over the alias `g` used below.
const TMT_KGB = nextTmtSql({
  tglKgbTerakhir: sql.raw('g.tgl_kgb_terakhir'),
  tmtAwal: sql.raw('g.tmt_awal_kgb'),
  nip: sql.raw('g.nip'),
  statusGuru: sql.raw('g.status_guru'),
  golongan: sql.raw('g.golongan'),
  tundaBulan: sql.raw('g.kgb_tunda_bulan'),
});

export interface DashboardPeriode {
  today: string;
  /**
   * No teacher whose last KGB is after this date can be due today (a loose bound that keeps the
   * index on tgl_kgb_terakhir usable; the exact rule follows it).
   */
  kgbTerakhirPaling: string;
  /** Birth dates of the teachers retiring after today and within 12 months: [dari, sebelum). */
  lahirPensiun: { dari: string; sebelum: string };
  /** Teachers born before this have retired (BUP); they are due for nothing. */
  lahirBelumPensiun: string;
  usiaPensiun: number;
}

export function dashboardRepository(db: Db) {
  return {
    /**
     * The nine counters in one round trip and one pass over the teachers: every teacher counter,
     * the KGB one included, is a filtered count of the same scan (a separate KGB count used the
     * last-KGB index, but "no last KGB" matches every non-PNS teacher, so it read most of the
     * table a second time).
     */
    async counts(p: DashboardPeriode): Promise<Dashboard> {
      const [row] = rowsOf<Dashboard>(
        await db.execute(sql`
          select
            (select count(*) from sekolah)::int as daftar_sekolah,
            count(*)::int as daftar_guru,
            count(*) filter (where g.tgl_lahir >= ${p.lahirPensiun.dari}::date and g.tgl_lahir < ${p.lahirPensiun.sebelum}::date)::int as guru_akan_pensiun,
            count(*) filter (where g.status_guru = 'Honor Sekolah')::int as honor_sekolah,
            count(*) filter (
              where ${KGB_PESERTA_SQL('g')}
                and g.golongan <> ''
                and (g.tgl_kgb_terakhir is null or g.tgl_kgb_terakhir <= ${p.kgbTerakhirPaling}::date)
                and (${TMT_KGB} - make_interval(months => ${NOTICE_MONTHS}::int))::date <= ${p.today}::date
                -- Active only: not retired, and not retiring before the TMT (as the due list).
                and g.tgl_lahir >= ${p.lahirBelumPensiun}::date
                and ${TMT_KGB} < (date_trunc('month', g.tgl_lahir) + make_interval(months => ${bulanLahirSebelumPensiun(p.usiaPensiun)}))::date
                and not exists (
                  select 1 from kgb_surat k
                   where k.guru_id = g.id and k.status = ${KGB_SIGNED} and k.tmt = ${TMT_KGB})
            )::int as guru_akan_kgb,
            count(*) filter (where g.status_guru = 'Honor Daerah')::int as honor_daerah,
            count(*) filter (where g.status_guru = ${STATUS_PNS})::int as pns,
            count(*) filter (where g.status_guru = 'GTT')::int as gytt,
            count(*) filter (where g.status_guru = 'GTY')::int as gyt
          from guru g
          -- Active teachers only (docs/domain/data-guru.md): not moved out, stopped, deceased or retired.
          where ${guruAktifSql('g', p.today, p.usiaPensiun)}`),
      );
      return row!;
    },
  };
}
