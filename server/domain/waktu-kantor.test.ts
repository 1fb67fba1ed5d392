import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE_TIMEZONE, hariIni, isTimeZone, jamKantor, singkatanZona, waktuKantor } from './waktu-kantor.ts';

describe("the office's clock", () => {
  it('between 00:00 and 09:00 WIT the office already has the next day', () => {
    const now = new Date('2026-11-30T16:30:00Z'); // 01.30 WIT on 1 December
    const waktu = waktuKantor();
    expect(waktu.zona()).toBe(DEFAULT_OFFICE_TIMEZONE);
    expect(waktu.hariIni(now)).toBe('2026-12-01');
    expect(waktu.jam(now)).toBe('01.30 WIT');
  });

  it('follows the configured zone: WIB and WITA offices', () => {
    const now = new Date('2026-11-30T16:30:00Z');
    const waktu = waktuKantor('Asia/Jakarta');
    expect(waktu.hariIni(now)).toBe('2026-11-30');
    expect(waktu.jam(now)).toBe('23.30 WIB');
    waktu.setZona('Asia/Makassar');
    expect(waktu.jam(now)).toBe('00.30 WITA');
    waktu.setZona('Europe/Amsterdam');
    expect(waktu.singkatan(now)).toBe('UTC+1');
  });

  it('the pure functions take the zone', () => {
    const now = new Date('2026-11-30T16:30:00Z');
    expect(hariIni(now, 'Asia/Jayapura')).toBe('2026-12-01');
    expect(hariIni(now, 'Asia/Jakarta')).toBe('2026-11-30');
    expect(jamKantor(now, 'Asia/Makassar')).toBe('00.30 WITA');
    expect(singkatanZona('Europe/Amsterdam', now)).toBe('UTC+1');
  });

  it('two clocks in one process keep their own zones', () => {
    const now = new Date('2026-11-30T16:30:00Z');
    const wit = waktuKantor('Asia/Jayapura');
    const wib = waktuKantor('Asia/Jakarta');
    wib.setZona('Asia/Makassar');
    expect(wit.jam(now)).toBe('01.30 WIT');
    expect(wib.jam(now)).toBe('00.30 WITA');
  });

  it('refuses an unknown zone', () => {
    expect(isTimeZone('Asia/Ternate')).toBe(false);
    expect(() => waktuKantor('Bulan/Purnama')).toThrow(/Zona waktu tidak dikenal/);
    expect(() => waktuKantor().setZona('Bulan/Purnama')).toThrow(/Zona waktu tidak dikenal/);
  });
});
