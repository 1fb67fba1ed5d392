import { describe, expect, it } from 'vitest';
import {
  bentukDapodik,
  isSekolahHeader,
  koordinatDapodik,
  namaWilayah,
  statusSekolahDapodik,
} from './dapodik-sekolah.ts';

// docs/domain/dapodik.md "Sekolah": Dapodik's words for level, status, coordinates and region names.
describe('the Dapodik school list', () => {
  it('finds the header by its column names', () => {
    expect(isSekolahHeader(['No', 'NPSN', 'Nama Sekolah', 'Bentuk Pendidikan', 'Status'])).toBe(true);
    expect(isSekolahHeader(['NPSN', 'Nama Satuan Pendidikan', 'Status Sekolah'])).toBe(true);
    expect(isSekolahHeader(['Data Pokok Sekolah'])).toBe(false);
  });
  it('reads levels (special schools of every level are SLB) and status', () => {
    expect(['TK', 'sd', 'SMP', 'SMA', 'SMK', 'SDLB', 'SMP LB', 'SLB'].map(bentukDapodik)).toEqual([
      'TK',
      'SD',
      'SMP',
      'SMA',
      'SMK',
      'SLB',
      'SLB',
      'SLB',
    ]);
    expect(bentukDapodik('KB')).toBeNull();
    expect(bentukDapodik('PKBM')).toBeNull();
    expect([statusSekolahDapodik('NEGERI'), statusSekolahDapodik('Swasta'), statusSekolahDapodik('Lainnya')]).toEqual([
      'Negeri',
      'Swasta',
      null,
    ]);
  });
  it('checks coordinates: comma decimals, 0/0 as none, one alone, swapped, outside Indonesia', () => {
    expect(koordinatDapodik('0,7395', '127,3210')).toEqual({ lat: 0.7395, long: 127.321 });
    expect(koordinatDapodik('0', '0')).toEqual({ lat: null, long: null });
    expect(koordinatDapodik('', '')).toEqual({ lat: null, long: null });
    expect(koordinatDapodik('0.7', '')).toEqual({ masalah: 'Lintang dan Bujur harus diisi keduanya' });
    expect(koordinatDapodik('127.3', '0.7')).toEqual({ masalah: 'Lintang dan Bujur tertukar' });
    expect(koordinatDapodik('40.7', '-74.0')).toEqual({ masalah: 'Lintang harus antara -11 dan 6' });
    expect(koordinatDapodik('utara', '127')).toMatchObject({ masalah: expect.stringContaining('angka desimal') });
  });
  it('writes region names as the Kemendagri table does', () => {
    expect(namaWilayah('Kab. Halmahera Barat', 'kabupaten')).toBe('kabupaten halmahera barat');
    expect(namaWilayah('Kota Ternate', 'kabupaten')).toBe('kota ternate');
    expect(namaWilayah('Kec. Pulau Ternate', 'kecamatan')).toBe('pulau ternate');
    expect(namaWilayah('Desa Kastela', 'desa')).toBe('kastela');
    expect(namaWilayah('Prov. Maluku Utara', 'provinsi')).toBe('maluku utara');
  });
});
