import type { ImporAksi, ImporHasil } from '#contract/impor.ts';

export const AKSI: Record<ImporAksi, { label: string; color: string }> = {
  baru: { label: 'Baru', color: 'green' },
  ubah: { label: 'Ubah', color: 'blue' },
  sama: { label: 'Sama', color: 'default' },
  galat: { label: 'Galat', color: 'red' },
  tendik: { label: 'Bukan guru', color: 'purple' },
};
export const AKSI_ORDER: ImporAksi[] = ['baru', 'ubah', 'sama', 'galat', 'tendik'];
export type Filter = 'semua' | ImporAksi;

export const fmt = (n: number) => n.toLocaleString('id-ID');

/** Valid rows: everything the server would not skip as faulty or as education staff ('sama' rows are valid but unchanged). */
export const validOf = (h: ImporHasil) => h.ringkasan.total - h.ringkasan.galat - (h.ringkasan.tendik ?? 0);

/** A CSV field (';' between fields, as Excel reads it in Indonesian settings); formulas defused. */
const csvField = (v: string | number | null | undefined) => {
  let t = v == null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return /[;"\r\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
};

/**
 * The report of a checked or finished import, one line a row: what it does (or did) and why: its
 * problems, its changes old → new, the changes refused and why, the staff rows; then the school's
 * teachers missing from the file.
 */
export function laporanCsv(h: ImporHasil, done: boolean): string {
  const sekolah = h.format === 'sekolah';
  const lines = [
    ['Baris', sekolah ? 'NPSN' : 'NIP', sekolah ? 'Nama Sekolah' : 'Nama', done ? 'Hasil' : 'Aksi', 'Keterangan'].join(
      ';',
    ),
  ];
  for (const b of h.baris) {
    const notes = [
      ...b.masalah.map((m) => `${m.kolom}: ${m.pesan}`),
      ...(b.perubahan ?? []).map((c) => `${c.kolom}: ${c.lama ?? '(kosong)'} → ${c.baru ?? '(kosong)'}`),
      ...(b.konflik ?? []).map(
        (c) => `${c.kolom}: ${c.lama ?? '(kosong)'} → ${c.baru ?? '(kosong)'} tidak diterapkan (${c.alasan})`,
      ),
      ...(b.jenis_ptk ? [`${b.jenis_ptk}: tenaga kependidikan, tidak diimpor`] : []),
      ...(b.cocok ? [`cocok lewat ${b.cocok}`] : []),
      ...(b.catatan ?? []).map((c) => `${c.kolom}: ${c.pesan}`),
    ];
    lines.push(
      [b.baris, sekolah ? b.npsn : b.nip, b.nama, AKSI[b.aksi].label, notes.join(' | ')].map(csvField).join(';'),
    );
  }
  for (const g of h.tidak_ada_di_berkas)
    lines.push(
      ['', g.nip, g.nama, 'Tidak ada di berkas', 'Guru aktif sekolah ini tidak ada di berkas, tidak dihapus']
        .map(csvField)
        .join(';'),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
