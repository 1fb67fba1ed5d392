import { BENTUK_PENDIDIKAN } from '#contract/master-values.ts';
import { useAppConfig } from './app-config.ts';

/**
 * The school levels (jenjang) this office manages, in the order of `all` (GET api/config: a city or
 * regency office TK, SD, SMP; a provincial office SMA, SMK, SLB; contract/kantor-values.ts). Every
 * choice of a level (adding a school, filters, the map's legend) offers these only. Until the
 * configuration is known, `all`.
 */
export function useJenjangKantor(all: readonly string[] = BENTUK_PENDIDIKAN): string[] {
  const office = useAppConfig().data?.kantor;
  return office ? all.filter((j) => office.jenjang.includes(j)) : [...all];
}
