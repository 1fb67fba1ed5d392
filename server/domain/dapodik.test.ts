import { describe, expect, it } from 'vitest';
import {
  dateText,
  excelSerialDate,
  golonganDapodik,
  isDapodikHeader,
  isGuruPtk,
  isPtkKosong,
  isScientific,
  jabatanDapodik,
  jenisKelaminDapodik,
  statusDapodik,
} from './dapodik.ts';
import { HEADER } from '../modules/impor/dapodik.fixtures.ts';

describe("Dapodik's words for values (docs/domain/dapodik.md)", () => {
  it('Pangkat Golongan: the golongan ruang alone or with the pangkat; PPPK golongan I-XVII; "-" is none', () => {
    expect(golonganDapodik('III/b')).toBe('III/b');
    expect(golonganDapodik('Penata Muda Tk. I, III/b')).toBe('III/b');
    expect(golonganDapodik('IV/A - Pembina')).toBe('IV/a');
    expect(golonganDapodik('IX')).toBe('IX');
    expect(golonganDapodik('Golongan IX')).toBe('IX');
    expect(golonganDapodik('-')).toBe('');
    expect(golonganDapodik('Penata')).toBe('Penata');
  });

  it('Status Kepegawaian to the employment status; unknown ones are null', () => {
    expect(
      [
        'PNS',
        'PNS Diperbantukan',
        'CPNS',
        'PPPK',
        'GTY/PTY',
        'GTT/PTT Kab/Kota',
        'Guru Honor Sekolah',
        'Tenaga Honor Sekolah',
        'Honor Daerah TK.II Kab/Kota',
      ].map(statusDapodik),
    ).toEqual(['PNS', 'PNS', 'CPNS', 'PPPK', 'GTY', 'GTT', 'Honor Sekolah', 'Honor Sekolah', 'Honor Daerah']);
    expect(statusDapodik('PPPK Paruh Waktu')).toBeNull();
    expect(statusDapodik('Kontrak Kerja WNA')).toBeNull();
  });

  it('Jenis PTK: teachers and educators, staff, and the jabatan (a head of school by Tugas Tambahan first)', () => {
    expect(['Guru Mapel', 'Guru Kelas', 'Guru BK', 'Kepala Sekolah', 'Tutor'].every(isGuruPtk)).toBe(true);
    expect(['Tenaga Administrasi Sekolah', 'Laboran', 'Penjaga Sekolah', 'Pesuruh/Office Boy'].some(isGuruPtk)).toBe(
      false,
    );
    expect(isPtkKosong('Tidak diisi')).toBe(true);
    expect(jabatanDapodik('Guru Mapel', '')).toBe('Guru Mata Pelajaran');
    expect(jabatanDapodik('Guru BK', '')).toBe('Guru Bimbingan dan Konseling');
    expect(jabatanDapodik('Guru Mapel', 'Kepala Sekolah')).toBe('Kepala Sekolah');
    expect(jabatanDapodik('Guru Kelas', 'Wakil Kepala Sekolah Bidang Kurikulum')).toBe('Wakil Kepala Sekolah');
    expect(jabatanDapodik('Guru Magang', '')).toBe('Guru Magang');
  });

  it('JK, dates and scientific numbers', () => {
    expect([jenisKelaminDapodik('L'), jenisKelaminDapodik('p'), jenisKelaminDapodik('X')]).toEqual([
      'Laki-laki',
      'Perempuan',
      null,
    ]);
    expect([
      dateText('1986-09-26'),
      dateText('26/09/1986'),
      dateText('6-9-1986'),
      dateText('1986-09-26 00:00:00'),
      dateText('kemarin'),
    ]).toEqual(['1986-09-26', '1986-09-26', '1986-09-06', '1986-09-26', 'kemarin']);
    expect(excelSerialDate(33239)).toBe('1991-01-01');
    expect([isScientific('1.98609E+17'), isScientific('1,98609E+17'), isScientific('198609262015051001')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("finds Dapodik's header row, not a title row", () => {
    // The export's first nine columns, No to Jenis PTK.
    expect(isDapodikHeader(HEADER.slice(0, 9))).toBe(true);
    expect(isDapodikHeader(['Daftar Guru dan Tenaga Kependidikan'])).toBe(false);
    expect(isDapodikHeader(['Nama', 'NIP Suami/Istri', 'Nama Suami/Istri'])).toBe(false);
  });
});
