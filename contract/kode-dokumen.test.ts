import { describe, expect, it } from 'vitest';
import { KODE_DOKUMEN_PATTERN, normalKodeDokumen } from './kode-dokumen.ts';

describe('a document code as people type it', () => {
  it('reads spaces, missing or typographic dashes and lower case', () => {
    for (const typed of [
      'KGB-7K3MQ-9XDRT-H2WPA',
      ' kgb 7k3mq 9xdrt h2wpa ',
      'KGB – 7K3MQ – 9XDRT – H2WPA',
      'KGB7K3MQ9XDRTH2WPA',
      'KGB-7K3MQ 9XDRT-H2WPA',
    ]) {
      expect(normalKodeDokumen(typed)).toBe('KGB-7K3MQ-9XDRT-H2WPA');
    }
    expect(normalKodeDokumen('kgb 7k3m 9xdr')).toBe('KGB-7K3M-9XDR');
    expect(KODE_DOKUMEN_PATTERN.test(normalKodeDokumen('kgb 7k3m 9xdr'))).toBe(true);
  });

  it('leaves what is no code for the check to refuse', () => {
    expect(normalKodeDokumen(' abc ')).toBe('ABC');
    expect(KODE_DOKUMEN_PATTERN.test(normalKodeDokumen('KGB 123'))).toBe(false);
  });
});
