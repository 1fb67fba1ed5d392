import { useQuery } from '@tanstack/react-query';
import { sekolahQuery } from './sekolah-detail-query.ts';

/** GET api/sekolah/{npsn}. */
export function useSekolah(npsn: string | undefined) {
  return useQuery({ ...sekolahQuery(npsn ?? ''), enabled: !!npsn });
}
