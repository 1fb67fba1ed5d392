// The bodies of the KGB dialogs (a cancellation, a postponement, a returned draft, the delegation,
// the sign dialog's one field), apart from kgb.ts, which the public document check reads: that page
// needs none of them.
import { z } from 'zod';
import { GOLONGAN_PNS, GOLONGAN_PPPK } from './asn.ts';
import { ALASAN_MAX, ALASAN_MIN, JENJANG_DELEGASI } from './kgb.ts';
import { kembalikanBody } from './kgb-periode.ts';

/* @__NO_SIDE_EFFECTS__ */
function alasanField(label: string) {
  return z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .min(ALASAN_MIN, `${label} minimal ${ALASAN_MIN} karakter`)
    .max(ALASAN_MAX, `${label} maksimal ${ALASAN_MAX} karakter`);
}

/** POST api/kgb/surat/{id}/batal: cancelling a verified or signed letter needs a reason. */
export const batalBody = z.object({ alasan: alasanField('Alasan pembatalan') });

/** POST api/kgb/{id}/penundaan: postpones the teacher's next KGB by 1-12 months, with a reason. */
export const penundaanBody = z.object({
  bulan: z.coerce
    .number({ error: 'Lama penundaan tidak boleh Kosong' })
    .int('Lama penundaan harus bilangan bulat (bulan)')
    .min(1, 'Lama penundaan 1 sampai 12 bulan')
    .max(12, 'Lama penundaan 1 sampai 12 bulan (paling lama satu tahun setiap kali)'),
  alasan: alasanField('Alasan penundaan'),
  nomor_sk: z
    .string()
    .trim()
    .max(100, 'Nomor SK penundaan maksimal 100 karakter')
    .optional()
    .transform((v) => v || null),
});

/** The return dialog's field of POST api/kgb/periode/kembalikan (the month and the teacher come from the row). */
export const catatanBody = z.object({ catatan: kembalikanBody.shape.catatan });

/** PUT api/pejabat/{id}/delegasi: the golongan and school levels the official signs for. */
export const delegasiBody = z
  .object({
    golongan: z
      .array(
        z
          .string()
          .trim()
          .refine(
            (g) => ([...GOLONGAN_PNS, ...GOLONGAN_PPPK] as readonly string[]).includes(g),
            'Golongan tidak dikenal',
          ),
      )
      .max(40)
      .default([]),
    jenjang: z
      .array(z.enum(JENJANG_DELEGASI, { error: 'Jenjang harus TK, SD, SMP, SMA, SMK atau SLB' }))
      .max(6)
      .default([]),
  })
  .refine((d) => d.golongan.length + d.jenjang.length > 0, {
    message: 'Pilih paling sedikit satu golongan atau jenjang yang didelegasikan',
    path: ['golongan'],
  });

/**
 * The sign dialog's one field as the official types it: the passphrase, or (BSrE) a TOTP code;
 * `kosong` names what is missing (the seal's TOTP or the official's).
 */
export const passphraseInput = z.object({
  passphrase: z
    .string({ error: 'Passphrase tidak boleh Kosong' })
    .min(1, 'Passphrase tidak boleh Kosong')
    .max(200, 'Passphrase terlalu panjang'),
});
/* @__NO_SIDE_EFFECTS__ */
export function totpInput(kosong = 'Kode TOTP tidak boleh Kosong') {
  return z.object({
    totp: z
      .string({ error: kosong })
      .trim()
      .min(1, kosong)
      .regex(/^\d{6}$/, 'Kode TOTP harus 6 digit angka'),
  });
}
