import { KONDISI } from '#contract/master-values.ts';
import { useKondisi } from '../api/kondisi.ts';

/** Condition choices from the master list (falls back to the contract's list while loading). */
export function useKondisiOptions() {
  const kondisi = useKondisi();
  const names = kondisi.data?.map((k) => k.nama) ?? [...KONDISI];
  return names.map((n) => ({ value: n, label: n }));
}

export const kondisiColor = (k: string) =>
  k === 'Baik'
    ? 'green'
    : k === 'Rusak Ringan'
      ? 'gold'
      : k === 'Rusak Sedang'
        ? 'orange'
        : k === 'Rusak Berat'
          ? 'red'
          : 'default';
