import { z } from 'zod';
import { controlCharsMessage, hasNoControlChars, isRealDate } from './fields.ts';

// The fields of a retirement proposal's states, apart from the body (pensiun.ts): the dialog checks
// one state's fields without the body's union of states.

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .max(max, `${label} maksimal ${max} karakter`)
    .refine(hasNoControlChars, controlCharsMessage(label));
const tanggal = (label: string) => z.string({ error: `${label} tidak boleh Kosong` }).trim().min(1, `${label} tidak boleh Kosong`).refine(isRealDate, `${label} harus tanggal yang valid (YYYY-MM-DD)`);

/** What each state of a proposal records (the dialog checks these; the body adds the state and the version). */
export const usulPensiunFields = {
  disiapkan: {},
  diusulkan: { nomor_surat: text('Nomor Surat Pengantar', 100), tanggal_surat: tanggal('Tanggal Surat Pengantar') },
  dikembalikan: { alasan: text('Alasan', 500).refine((v) => v.length >= 5, 'Alasan minimal 5 karakter') },
  ditetapkan: {
    sk_nomor: text('Nomor SK Pensiun', 100),
    sk_tanggal: tanggal('Tanggal SK Pensiun'),
    sk_tmt: tanggal('TMT Pensiun').refine((v) => v.endsWith('-01'), 'TMT Pensiun harus tanggal 1 (awal bulan)'),
  },
};

/** The fields one state records, as one check (the proposal dialog). */
/* @__NO_SIDE_EFFECTS__ */
export function usulPensiunCheck<S extends keyof typeof usulPensiunFields>(status: S) {
  return z.object(usulPensiunFields[status]);
}
