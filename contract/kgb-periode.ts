import { z } from 'zod';
import { oneSignatureSecret, signatureSecretFields } from './kgb.ts';
import { isRealDate, monthField } from './fields.ts';

// Types, labels and messages without zod (the screens import them): contract/kgb-periode-values.ts.
export * from './kgb-periode-values.ts';

/**
 * The monthly KGB run: every TMT is the first of a month, so a month of TMTs is one
 * batch the office prepares, verifies, signs and sends to the payroll office together.
 */

/** A month as YYYY-MM (the TMT of its letters is YYYY-MM-01). */
export const bulanField = monthField('2019-01', '2099-12', {
  empty: 'Bulan periode KGB tidak boleh Kosong',
  format: 'Bulan periode KGB harus berformat TTTT-BB, misalnya 2027-01',
  range: 'Bulan periode KGB di luar rentang yang dapat diproses',
});

export const periodeQuery = z.object({ bulan: bulanField });

const guruIds = z
  .array(z.coerce.number().int().positive(), { error: 'Daftar guru harus berupa larik id' })
  .max(5000, 'Paling banyak 5.000 guru sekali proses')
  .optional();

/** POST api/kgb/periode/draf and …/verifikasi: all eligible teachers of the month, or the ones chosen. */
export const periodeBatchBody = z.object({ bulan: bulanField, guru_ids: guruIds });

/** POST api/kgb/periode/kembalikan: a draft sent back for correction needs a note for the school. */
export const kembalikanBody = z.object({
  bulan: bulanField,
  guru_id: z.coerce.number({ error: 'Guru tidak boleh Kosong' }).int().positive(),
  catatan: z
    .string({ error: 'Catatan perbaikan tidak boleh Kosong' })
    .trim()
    .min(1, 'Catatan perbaikan tidak boleh Kosong')
    .min(10, 'Catatan perbaikan minimal 10 karakter')
    .max(500, 'Catatan perbaikan maksimal 500 karakter'),
});

/** POST api/kgb/periode/ttd: every verified letter of the month (or those chosen), one passphrase. */
/** `pejabat_id`: whose letters to sign, needed when the month's verified letters have several signers (delegation). */
export const periodeTtdBody = z
  .object({
    ...signatureSecretFields,
    bulan: bulanField,
    surat_ids: guruIds,
    pejabat_id: z.coerce.number().int().positive().optional(),
    terima_data_belum_diverifikasi: z.boolean().optional(),
  })
  .superRefine(oneSignatureSecret);

const tanggalField = z.string().trim().refine(isRealDate, 'Tanggal tanda tangan harus tanggal yang valid (TTTT-BB-HH)');
const bulanGajiField = bulanField.optional();

/**
 * GET api/kgb/periode/nominatif (Excel) and POST …/nominatif (the PDF signed by the active official,
 * passphrase or TOTP): the letters of a TMT month (`bulan`), or of one dispatch batch, the letters
 * signed on one day (`tanggal_ttd`), whatever their TMT. `bulan_gaji`: the payroll month that first
 * pays the new salaries (back pay runs up to it); by default the month after each letter was signed.
 */
const nominatifFields = {
  bulan: bulanField.optional(),
  tanggal_ttd: tanggalField.optional(),
  bulan_gaji: bulanGajiField,
};
const oneBatch = (v: { bulan?: string; tanggal_ttd?: string }) => (v.bulan ? 1 : 0) + (v.tanggal_ttd ? 1 : 0) === 1;
const oneBatchMessage = { message: 'Pilih bulan TMT atau tanggal tanda tangan (salah satu)', path: ['bulan'] };
export const nominatifQuery = z.object(nominatifFields).refine(oneBatch, oneBatchMessage);
export const nominatifBody = z
  .object({ ...signatureSecretFields, ...nominatifFields })
  .superRefine(oneSignatureSecret)
  .refine(oneBatch, oneBatchMessage);

/**
 * GET api/kgb/periode/gaji: the same letters as the nominative list, in the columns a payroll
 * application keys in (docs/domain/dapodik.md "Ke bagian gaji"), as Excel or CSV.
 */
export const gajiQuery = z
  .object({
    ...nominatifFields,
    format: z.enum(['xlsx', 'csv'], { error: 'Format harus xlsx atau csv' }).default('xlsx'),
  })
  .refine(oneBatch, oneBatchMessage);

/** POST api/kgb/surat/{id}/status-gaji: payroll accepted the letter, or returned it with a reason. */
export const statusGajiBody = z
  .object({
    status: z.enum(['diterima', 'dikembalikan'], { error: 'Status harus diterima atau dikembalikan' }),
    alasan: z.string().trim().max(500, 'Alasan maksimal 500 karakter').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'dikembalikan' && (b.alasan ?? '').length < 10) {
      ctx.addIssue({
        code: 'custom',
        path: ['alasan'],
        message: b.alasan ? 'Alasan pengembalian minimal 10 karakter' : 'Alasan pengembalian tidak boleh Kosong',
      });
    }
  });
