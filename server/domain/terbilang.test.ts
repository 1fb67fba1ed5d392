import { describe, expect, it } from 'vitest';
import { rupiah, tanggalPanjang, terbilang } from './terbilang.ts';

describe('terbilang', () => {
  it('writes amounts in Indonesian words', () => {
    expect(terbilang(3390500)).toBe('tiga juta tiga ratus sembilan puluh ribu lima ratus');
    expect(terbilang(2218400)).toBe('dua juta dua ratus delapan belas ribu empat ratus');
    expect(terbilang(1000)).toBe('seribu');
    expect(terbilang(111)).toBe('seratus sebelas');
    expect(terbilang(6373200)).toBe('enam juta tiga ratus tujuh puluh tiga ribu dua ratus');
  });
  it('formats dates and money the Indonesian way', () => {
    expect(tanggalPanjang('2027-01-01')).toBe('1 Januari 2027');
    expect(rupiah(3390500)).toBe('Rp3.390.500,00');
    expect(rupiah(0)).toBe('Rp0,00');
    expect(rupiah(-103500)).toBe('-Rp103.500,00');
  });
});
