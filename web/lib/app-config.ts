import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MAP, type AppConfig } from '#contract/config.ts';
import { api } from './api-client.ts';

/**
 * GET api/config (public), read once per half hour by every screen that needs it (maps, the school
 * form's region defaults). Missing parts fall back to the SPEC's map defaults.
 */
export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: async ({ signal }): Promise<AppConfig> => {
      const cfg = await api<Partial<AppConfig>>('GET', 'config', { signal });
      return {
        map: { ...DEFAULT_MAP, ...(cfg.map ?? {}), tileUrl: cfg.map?.tileUrl || DEFAULT_MAP.tileUrl },
        kantor: cfg.kantor ?? null,
        penandatangan: cfg.penandatangan ?? 'p12',
        segel: cfg.segel === true,
        zona_waktu: cfg.zona_waktu ?? 'Asia/Jayapura',
      };
    },
    staleTime: 30 * 60_000,
  });
}
