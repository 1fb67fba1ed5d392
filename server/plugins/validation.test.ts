import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseWith } from './validation.ts';
import { idParam } from '#contract/user.ts';

function failure(schema: z.ZodType, data: unknown): Record<string, string> {
  try {
    parseWith(schema, data);
  } catch (err) {
    return (err as { data: { errors: Record<string, string> } }).data.errors;
  }
  throw new Error('no validation error');
}

describe('parseWith', () => {
  const query = z.object({ guru: z.string(), page: z.coerce.number() });

  it('refuses NUL in a flat query (value or key) and deeper, naming the field', () => {
    expect(failure(query, { guru: 'ab\u0000c', page: '1' })).toEqual({
      guru: 'guru memuat karakter yang tidak diizinkan',
    });
    expect(failure(query, { guru: 'abc', 'pa\u0000ge': '1' })).toEqual({
      _: 'Data memuat karakter yang tidak diizinkan',
    });
    expect(
      failure(z.object({ list: z.array(z.object({ a: z.string() })) }), { list: [{ a: 'x' }, { a: '\u0000' }] }),
    ).toEqual({ list: 'list memuat karakter yang tidak diizinkan' });
  });

  it('answers a clean flat query as parsed', () => {
    expect(parseWith(query, { guru: 'siti', page: '2' })).toEqual({ guru: 'siti', page: 2 });
    expect(parseWith(idParam, { id: '17' })).toEqual({ id: 17 });
  });

  it("gives Indonesian fallback texts where the contract has none, and the contract's own otherwise", () => {
    expect(failure(z.object({ jumlah: z.number() }), { jumlah: 'x' })).toEqual({ jumlah: 'jumlah harus berupa angka' });
    expect(failure(z.object({ nama: z.string().max(3) }), { nama: 'abcd' })).toEqual({
      nama: 'nama maksimal 3 karakter',
    });
    expect(failure(idParam, { id: '0x1' })).toEqual({ id: 'id harus berupa angka' });
  });
});
