import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keys, MASTER_STALE } from './keys.ts';

export interface MapConfig {
  tileUrl: string;
  attribution: string;
  center: [number, number];
  zoom: number;
}

/** SPEC §9: default centre 1.588623, 127.657952, zoom 8. */
export const DEFAULT_MAP: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  center: [1.588623, 127.657952],
  zoom: 8,
};

/** GET api/config (public): map tiles and default view. Falls back to the SPEC defaults. */
export function useMapConfig() {
  return useQuery({
    queryKey: keys.config,
    queryFn: async ({ signal }) => {
      const cfg = await api<{ map?: Partial<MapConfig> }>('GET', 'config', { signal });
      return { ...DEFAULT_MAP, ...(cfg.map ?? {}) } as MapConfig;
    },
    staleTime: MASTER_STALE,
  });
}
