import { useQuery } from '@tanstack/react-query';
import type { StatistikName } from '#contract/statistik.ts';
import { statistikQuery } from './statistik-query.ts';

/** GET api/data-statistik/<name> (administrators). */
export function useStatistik<K extends StatistikName>(name: K, enabled = true) {
  return useQuery({ ...statistikQuery(name), enabled });
}
