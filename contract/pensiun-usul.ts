import { z } from 'zod';
import { labelledDate, labelledText } from './fields.ts';

// The fields of a retirement proposal's states, apart from the body (pensiun.ts): the dialog checks
// one state's fields without the body's union of states.

/** What each state of a proposal records (the dialog checks these; the body adds the state and the version). */
export const usulPensiunFields = {
  disiapkan: {},
  diusulkan: {
    nomor_surat: labelledText('Nomor Surat Pengantar', 100),
    tanggal_surat: labelledDate('Tanggal Surat Pengantar'),
  },
  dikembalikan: { alasan: labelledText('Alasan', 500).refine((v) => v.length >= 5, 'Alasan minimal 5 karakter') },
  ditetapkan: {
    sk_nomor: labelledText('Nomor SK Pensiun', 100),
    sk_tanggal: labelledDate('Tanggal SK Pensiun'),
    sk_tmt: labelledDate('TMT Pensiun').refine((v) => v.endsWith('-01'), 'TMT Pensiun harus tanggal 1 (awal bulan)'),
  },
};

/** The fields one state records, as one check (the proposal dialog). */
/* @__NO_SIDE_EFFECTS__ */
export function usulPensiunCheck<S extends keyof typeof usulPensiunFields>(status: S) {
  return z.object(usulPensiunFields[status]);
}
