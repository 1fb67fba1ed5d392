import { describe, expect, it } from 'vitest';
import { bacaAngka, tulisAngka } from './angka.ts';

describe('numbers as Indonesian readers write them', () => {
  it('reads the decimal comma and the thousands dot', () => {
    expect(bacaAngka('7,5')).toEqual({ ok: true, nilai: 7.5 });
    expect(bacaAngka('1.250.000')).toEqual({ ok: true, nilai: 1250000 });
    expect(bacaAngka('1.250.000,50')).toEqual({ ok: true, nilai: 1250000.5 });
    expect(bacaAngka(' 13 ')).toEqual({ ok: true, nilai: 13 });
    expect(bacaAngka('Rp 250.000')).toEqual({ ok: true, nilai: 250000 });
    expect(bacaAngka('')).toEqual({ ok: true, nilai: null });
  });

  it('a dot that cannot separate thousands is a decimal point; "1.250" is one thousand two hundred fifty', () => {
    expect(bacaAngka('7.5')).toEqual({ ok: true, nilai: 7.5 });
    expect(bacaAngka('0.7937')).toEqual({ ok: true, nilai: 0.7937 });
    expect(bacaAngka('1.250')).toEqual({ ok: true, nilai: 1250 });
  });

  it('refuses what it cannot read instead of dropping characters', () => {
    for (const bad of ['7,5,1', '1.25.000', 'tujuh', '12a', '1,250.00', '--1', ',5'])
      expect(bacaAngka(bad), bad).toEqual({ ok: false });
  });

  it('coordinates take either mark as the decimal point', () => {
    expect(bacaAngka('127,3844', { koordinat: true })).toEqual({ ok: true, nilai: 127.3844 });
    expect(bacaAngka('127.384', { koordinat: true })).toEqual({ ok: true, nilai: 127.384 });
    expect(bacaAngka('1.234.5', { koordinat: true })).toEqual({ ok: false });
  });

  it('writes them back the same way', () => {
    expect(tulisAngka(7.5)).toBe('7,5');
    expect(tulisAngka(1250000)).toBe('1.250.000');
    expect(tulisAngka(13)).toBe('13');
    expect(tulisAngka(0.7937, { koordinat: true })).toBe('0.7937');
    expect(tulisAngka(null)).toBe('');
  });
});
