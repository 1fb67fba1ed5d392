import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_OFFICE_TIMEZONE,
  hariIni,
  isTimeZone,
  jamKantor,
  setZonaKantor,
  singkatanZona,
} from './waktu-kantor.ts';

afterEach(() => setZonaKantor(DEFAULT_OFFICE_TIMEZONE));

describe("the office's clock", () => {
  it('between 00:00 and 09:00 WIT the office already has the next day', () => {
    const now = new Date('2026-11-30T16:30:00Z'); // 01.30 WIT on 1 December
    expect(hariIni(now)).toBe('2026-12-01');
    expect(jamKantor(now)).toBe('01.30 WIT');
  });

  it('follows the configured zone: WIB and WITA offices', () => {
    const now = new Date('2026-11-30T16:30:00Z');
    setZonaKantor('Asia/Jakarta');
    expect(hariIni(now)).toBe('2026-11-30');
    expect(jamKantor(now)).toBe('23.30 WIB');
    setZonaKantor('Asia/Makassar');
    expect(jamKantor(now)).toBe('00.30 WITA');
    setZonaKantor('Europe/Amsterdam');
    expect(singkatanZona(now)).toBe('UTC+1');
  });

  it('refuses an unknown zone', () => {
    expect(isTimeZone('Asia/Ternate')).toBe(false);
    expect(() => setZonaKantor('Bulan/Purnama')).toThrow(/Zona waktu tidak dikenal/);
  });
});
