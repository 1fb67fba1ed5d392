import { sql, type SQL } from 'drizzle-orm';
import { lahirBelumPensiun } from '../statistik/periode.ts';

// Active teachers (issue 22.4, DOMAIN.md): only they are counted, listed as due for KGB and
// forecast. The same rule as server/domain/kepegawaian.ts `statusKepegawaianPada`: the record says
// aktif, and a civil servant (PNS, PPPK) has not reached the retirement date (BUP).

/** SQL condition over the teacher table under `alias` (e.g. 'g'), or the bare table when null. */
export function guruAktifSql(alias: string | null, today: string, usiaPensiun: number): SQL {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`(${col('status_kepegawaian')} = 'aktif' and (${col('status_guru')} is null or ${col('status_guru')} not in ('PNS', 'PPPK') or ${col('tgl_lahir')} >= ${lahirBelumPensiun(today, usiaPensiun)}::date))`;
}

/** SQL: not moved out, stopped or deceased (retirement forecasts count the retired too). */
export function guruBelumKeluarSql(alias: string | null): SQL {
  return sql`${sql.raw(alias ? `${alias}.status_kepegawaian` : 'status_kepegawaian')} in ('aktif', 'pensiun')`;
}
