import { describe, expect, it } from 'vitest';
import { problemsOfIssues, withLabel } from './form-problems.ts';

describe('a problem named by its field', () => {
  it("puts the field's label in place of the API's column or lower-case field name", () => {
    expect(withLabel('nama tidak boleh Kosong', 'nama', 'Nama')).toBe('Nama tidak boleh Kosong');
    expect(withLabel('tanggal lahir tidak boleh Kosong', 'tgl_lahir', 'Tanggal Lahir')).toBe(
      'Tanggal Lahir tidak boleh Kosong',
    );
    expect(withLabel('jabatan tidak boleh Kosong', 'id_jabatan', 'Jabatan')).toBe('Jabatan tidak boleh Kosong');
    expect(withLabel('diklat_penyelenggara maksimal 100 karakter', 'diklat_penyelenggara', 'Penyelenggara')).toBe(
      'Penyelenggara maksimal 100 karakter',
    );
    expect(withLabel('Isi diklat_penyelenggara dulu', 'diklat_penyelenggara', 'Penyelenggara')).toBe(
      'Isi Penyelenggara dulu',
    );
    // The school property's SPEC messages: a land's acquisition date is never "tanggal lahir" on screen.
    expect(withLabel('tanggal lahir tidak boleh Kosong', 'tglperolehan', 'Tanggal Perolehan')).toBe(
      'Tanggal Perolehan tidak boleh Kosong',
    );
    expect(withLabel('luas lahan asal tidak boleh Kosong', 'luas', 'Luas')).toBe('Luas tidak boleh Kosong');
    expect(withLabel('nama Ruangan tidak boleh Kosong', 'nama', 'Nama Ruangan')).toBe(
      'Nama Ruangan tidak boleh Kosong',
    );
  });

  it("a message that opens with the field's own capitalised name stays", () => {
    expect(withLabel('Status Sekolah tidak boleh Kosong', 'status', 'Status')).toBe(
      'Status Sekolah tidak boleh Kosong',
    );
    expect(withLabel('Nama Aset tidak boleh Kosong', 'nama', 'Nama Aset')).toBe('Nama Aset tidak boleh Kosong');
  });

  it('keeps a message that already speaks the label, and one without a label', () => {
    expect(withLabel('Email tidak valid', 'email', 'Email')).toBe('Email tidak valid');
    expect(withLabel('TMT harus tanggal 1 (TMT selalu awal bulan)', 'riw_pangkat_tmt', 'TMT')).toBe(
      'TMT harus tanggal 1 (TMT selalu awal bulan)',
    );
    expect(withLabel('nama tidak boleh Kosong', 'nama', null)).toBe('nama tidak boleh Kosong');
  });
});

describe("a contract schema's problems by field", () => {
  it('keeps the first message of each field, in the order checked', () => {
    expect(
      problemsOfIssues([
        { path: ['nama'], message: 'nama lahan tidak boleh Kosong' },
        { path: ['luas'], message: 'luas lahan asal tidak boleh Kosong' },
        { path: ['nama'], message: 'Nama lahan maksimal 150 karakter' },
      ]),
    ).toEqual({ nama: 'nama lahan tidak boleh Kosong', luas: 'luas lahan asal tidak boleh Kosong' });
    expect(
      Object.keys(
        problemsOfIssues([
          { path: ['b'], message: 'x' },
          { path: ['a'], message: 'y' },
        ]),
      ),
    ).toEqual(['b', 'a']);
  });
});
