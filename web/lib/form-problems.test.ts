import { describe, expect, it } from 'vitest';
import { withLabel } from './form-problems.ts';

describe('a problem named by its field', () => {
  it("puts the field's label in place of the API's column or lower-case field name", () => {
    expect(withLabel('nama tidak boleh Kosong', 'nama', 'Nama')).toBe('Nama tidak boleh Kosong');
    expect(withLabel('tanggal lahir tidak boleh Kosong', 'tgl_lahir', 'Tanggal Lahir')).toBe('Tanggal Lahir tidak boleh Kosong');
    expect(withLabel('jabatan tidak boleh Kosong', 'id_jabatan', 'Jabatan')).toBe('Jabatan tidak boleh Kosong');
    expect(withLabel('diklat_penyelenggara maksimal 100 karakter', 'diklat_penyelenggara', 'Penyelenggara')).toBe('Penyelenggara maksimal 100 karakter');
    expect(withLabel('Isi diklat_penyelenggara dulu', 'diklat_penyelenggara', 'Penyelenggara')).toBe('Isi Penyelenggara dulu');
  });

  it('keeps a message that already speaks the label, and one without a label', () => {
    expect(withLabel('Email tidak valid', 'email', 'Email')).toBe('Email tidak valid');
    expect(withLabel('TMT harus tanggal 1 (TMT selalu awal bulan)', 'riw_pangkat_tmt', 'TMT')).toBe('TMT harus tanggal 1 (TMT selalu awal bulan)');
    expect(withLabel('nama tidak boleh Kosong', 'nama', null)).toBe('nama tidak boleh Kosong');
  });
});
