import { sql, type SQL } from 'drizzle-orm';
import { lahirBelumPensiun } from '../../domain/pensiun.ts';
import { JENIS_ASN } from '#contract/asn.ts';

// Active teachers (docs/domain/data-guru.md): only they are counted, listed as due for KGB and
// forecast. The same rule as server/domain/kepegawaian.ts `statusKepegawaianPada`: the record says
// aktif, and a civil servant (PNS, CPNS, PPPK) has not reached the retirement date (BUP).

/** The civil-servant statuses (contract/asn.ts JENIS_ASN) as an SQL list; the KGB index's predicate has it. */
export const ASN_SQL_LIST = sql.raw(JENIS_ASN.map((s) => `'${s}'`).join(', '));

/** SQL condition over the teacher table under `alias` (e.g. 'g'), or the bare table when null. */
export function guruAktifSql(alias: string | null, today: string, usiaPensiun: number): SQL {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`(${col('status_kepegawaian')} = 'aktif' and (${col('status_guru')} is null or ${col('status_guru')} not in (${ASN_SQL_LIST}) or ${col('tgl_lahir')} >= ${lahirBelumPensiun(today, usiaPensiun)}::date))`;
}

/** SQL: not moved out, stopped or deceased (retirement forecasts count the retired too). */
export function guruBelumKeluarSql(alias: string | null): SQL {
  return sql`${sql.raw(alias ? `${alias}.status_kepegawaian` : 'status_kepegawaian')} in ('aktif', 'pensiun')`;
}
