import { describe, expect, it } from 'vitest';
import { columnDiffs, filtersOf, formatWaktu, searchOf, shownValue, userNote } from './format.ts';

describe('audit screen formats', () => {
  it('shows times on the office clock (WIT), whatever the browser zone', () => {
    expect(formatWaktu('2026-05-12T05:05:09.123Z')).toBe('12 Mei 2026 14:05');
    expect(formatWaktu('2026-05-12T20:30:00Z', true)).toBe('13 Mei 2026 05:30:00');
  });

  it('names the user with the role, and the school of an operator', () => {
    expect(userNote({ username: 'admin', role: 1, npsn: null })).toBe('Administrator');
    expect(userNote({ username: '60200338', role: 2, npsn: '60200338' })).toBe('Operator sekolah · NPSN 60200338');
    expect(userNote({ username: null, role: null, npsn: null })).toBe('Tanpa sesi login');
  });

  it('keeps the filters in the query string, empty ones and page 1 left out', () => {
    const f = filtersOf(new URLSearchParams('tabel=lahan&aksi=update&username=%20admin%20&page=3&dari='));
    expect(f).toEqual({
      tabel: 'lahan',
      aksi: 'UPDATE',
      username: 'admin',
      entitas_id: '',
      dari: '',
      sampai: '',
      page: 3,
    });
    expect(searchOf(f)).toEqual({ tabel: 'lahan', aksi: 'UPDATE', username: 'admin', page: '3' });
    expect(searchOf({ ...f, page: 1 })).toEqual({ tabel: 'lahan', aksi: 'UPDATE', username: 'admin' });
    expect(filtersOf(new URLSearchParams('page=-4')).page).toBe(1);
    expect(filtersOf(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('shows values readably: numbers grouped except identifiers, dates, JSON, masked values as given', () => {
    expect(shownValue('luas', 1500)).toEqual({ kind: 'text', text: '1.500' });
    expect(shownValue('harga', 150000000.5)).toEqual({ kind: 'text', text: '150.000.000,5' });
    expect(shownValue('sekolah_id', 12345)).toEqual({ kind: 'text', text: '12345' });
    expect(shownValue('id', 12345)).toEqual({ kind: 'text', text: '12345' });
    expect(shownValue('tglperolehan', '2019-05-01')).toEqual({ kind: 'text', text: '1 Mei 2019' });
    expect(shownValue('updated_at', '2026-05-12T05:05:09.123456+00:00')).toEqual({
      kind: 'text',
      text: '12 Mei 2026 14:05:09 WIT',
    });
    expect(shownValue('nik', '[disembunyikan]')).toEqual({ kind: 'masked', text: '[disembunyikan]' });
    expect(shownValue('nik', '[disembunyikan, diubah]')).toEqual({ kind: 'masked', text: '[disembunyikan, diubah]' });
    expect(shownValue('nama', null)).toEqual({ kind: 'empty' });
    expect(shownValue('nama', '  ')).toEqual({ kind: 'blank' });
    expect(shownValue('aktif', true)).toEqual({ kind: 'text', text: 'Ya' });
    expect(shownValue('isi', { a: 1 })).toEqual({ kind: 'json', text: '{\n  "a": 1\n}' });
  });

  it('lists changed columns first, then the others by name', () => {
    const diffs = columnDiffs({ id: 1, luas: 1200, nama: 'A', versi: 1 }, { id: 1, luas: 1500, nama: 'A', versi: 2 }, [
      'luas',
    ]);
    expect(diffs.map((d) => [d.column, d.changed])).toEqual([
      ['luas', true],
      ['id', false],
      ['nama', false],
      ['versi', false],
    ]);
    expect(diffs[0]).toMatchObject({ before: 1200, after: 1500 });
    expect(columnDiffs(null, { id: 2, nama: 'B' }, ['id', 'nama']).map((d) => [d.column, d.before, d.after])).toEqual([
      ['id', null, 2],
      ['nama', null, 'B'],
    ]);
  });
});
