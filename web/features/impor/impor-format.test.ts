import { describe, expect, it } from 'vitest';
import type { ImporHasil } from '#contract/impor.ts';
import { laporanCsv } from './impor-format.ts';

describe('the import report', () => {
  it('one line a row with what it does and why, then the teachers missing from the file', () => {
    const hasil: ImporHasil = {
      format: 'dapodik',
      ringkasan: { total: 3, baru: 0, ubah: 1, sama: 0, galat: 1, tendik: 1, konflik: 1 },
      baris: [
        {
          baris: 6,
          nip: '198609262015051001',
          nama: 'Abdullah',
          aksi: 'ubah',
          masalah: [],
          cocok: 'NIP',
          perubahan: [{ kolom: 'HP', lama: null, baru: '0812' }],
          konflik: [{ kolom: 'Pangkat Golongan', lama: 'III/b', baru: 'III/c', alasan: 'ikut riwayat' }],
        },
        { baris: 7, nip: null, nama: '=Nurlela', aksi: 'galat', masalah: [{ kolom: 'NIP', pesan: 'NIP; salah' }] },
        { baris: 8, nip: null, nama: 'Hamid', aksi: 'tendik', masalah: [], jenis_ptk: 'Laboran' },
      ],
      tidak_ada_di_berkas: [{ id: 4, nip: null, nama: 'Guru Pindah' }],
    };
    expect(laporanCsv(hasil, true).split('\r\n')).toEqual([
      '\uFEFFBaris;NIP;Nama;Hasil;Keterangan',
      '6;198609262015051001;Abdullah;Ubah;HP: (kosong) → 0812 | Pangkat Golongan: III/b → III/c tidak diterapkan (ikut riwayat) | cocok lewat NIP',
      '7;;\'=Nurlela;Galat;"NIP: NIP; salah"',
      '8;;Hamid;Bukan guru;Laboran: tenaga kependidikan, tidak diimpor',
      ';;Guru Pindah;Tidak ada di berkas;Guru aktif sekolah ini tidak ada di berkas, tidak dihapus',
      '',
    ]);
  });
});
