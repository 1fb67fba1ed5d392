import type { KunjunganTercatat } from '#contract/statistik.ts';
import { api } from '../../../lib/api-client.ts';

/** POST api/kunjungan: counts today's visit of the signed-in user (once per day on the server). */
export function recordVisit(): Promise<KunjunganTercatat> {
  return api<KunjunganTercatat>('POST', 'kunjungan');
}
