import { describe, expect, it } from 'vitest';
import { nikValid } from './kgb.ts';

// The NIK's structure (PP 37/2007 on population administration; docs/domain/tanda-tangan.md):
// province (2) + regency/city (2) + district (2) + birth date DDMMYY, women's day + 40 + sequence (4).
describe('nikValid', () => {
  it('accepts a man born 15 March 1970 in Kota Ternate (82.71.01) and a woman born 15 July 1980 (day 55)', () => {
    expect(nikValid('8271011503700001')).toBe(true);
    expect(nikValid('8271015507800002')).toBe(true);
  });
  it('refuses what cannot be a NIK', () => {
    expect(nikValid('827101150370001')).toBe(false); // 15 digits
    expect(nikValid('0971011503700001')).toBe(false); // no province 09
    expect(nikValid('8271013503700001')).toBe(false); // day 35: neither a man's day nor a woman's (41-71)
    expect(nikValid('8271017203700001')).toBe(false); // day 72 - 40 = 32
    expect(nikValid('8271011513700001')).toBe(false); // month 13
    expect(nikValid('8271011503700000')).toBe(false); // sequence 0000
    expect(nikValid('82710115037000a1')).toBe(false);
  });
});
