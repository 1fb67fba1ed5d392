import { afterEach, describe, expect, it } from 'vitest';
import { formatTanggalKantor, formatWaktuKantor, setZonaKantor, singkatanZona } from './waktu-kantor.ts';

describe("the office's clock on screen", () => {
  afterEach(() => setZonaKantor('Asia/Jayapura'));

  it('shows an instant in the office zone with its label, as the letters print it', () => {
    // 03:43 UTC is 12.43 WIT, 11.43 WITA, 10.43 WIB.
    expect(formatWaktuKantor('2026-11-27T03:43:10Z')).toBe('27 November 2026 12.43 WIT');
    setZonaKantor('Asia/Makassar');
    expect(formatWaktuKantor('2026-11-27T03:43:10Z')).toBe('27 November 2026 11.43 WITA');
    setZonaKantor('Asia/Jakarta');
    expect(singkatanZona()).toBe('WIB');
    expect(
      formatWaktuKantor('2026-11-27T03:43:10Z', { bulan: 'pendek', pemisah: ':', detik: true, tanpaZona: true }),
    ).toBe('27 Nov 2026 10:43:10');
  });

  it("takes the office's calendar day, not the browser's", () => {
    // 16:30 UTC on the 26th is already the 27th in WIT (01.30).
    expect(formatTanggalKantor('2026-11-26T16:30:00Z')).toBe('27 November 2026');
    expect(formatTanggalKantor('2026-11-26T16:30:00Z', { zona: 'Asia/Jakarta', bulan: 'pendek' })).toBe('26 Nov 2026');
  });

  it('keeps the zone it has for an unknown name and returns an unreadable value as it is', () => {
    setZonaKantor('Mars/Olympus');
    expect(singkatanZona()).toBe('WIT');
    expect(formatWaktuKantor('bukan tanggal')).toBe('bukan tanggal');
  });
});
