import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface TileConfig {
  tileUrl: string;
  attribution: string;
}

export const FALLBACK_TILES: TileConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
};

/** Tiles from GET api/config (MAP_TILE_URL on the server). */
export function useTileConfig() {
  return useQuery({
    queryKey: ['maps-config'],
    queryFn: async ({ signal }) => {
      const cfg = await api<{ map?: Partial<TileConfig> }>('GET', 'config', { signal });
      return { tileUrl: cfg.map?.tileUrl || FALLBACK_TILES.tileUrl, attribution: cfg.map?.attribution ?? FALLBACK_TILES.attribution };
    },
    staleTime: 30 * 60_000,
  });
}
