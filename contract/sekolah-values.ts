// School list values: plain values without zod, so a screen that needs only these does not download zod and
// the schemas of sekolah.ts. sekolah.ts re-exports them for the server.

export const SEKOLAH_PER_PAGE = [10, 25, 50, 100] as const;
/** An NPSN: 8 characters, digits or capital letters. */
export const NPSN_PATTERN = /^[0-9A-Z]{8}$/;
/** Marker icon of a school on the map, by level (served from the web app's public folder). */
export function markerOf(bentukPendidikan: string): string {
  const bp = bentukPendidikan.toLowerCase();
  return `/markers/${['tk', 'sd', 'smp', 'sma', 'smk', 'slb'].includes(bp) ? bp : 'sekolah'}.svg`;
}
