import { describe, expect, it } from 'vitest';
import { nipProblem } from '#contract/nip.ts';
import { nipUji } from './guru-factory.ts';

describe("the test teachers' NIPs", () => {
  it('stay 18 digits and valid past the 999th teacher a test worker makes', () => {
    for (const n of [1, 999, 1000, 1998, 12345]) {
      const nip = nipUji('1985-04-12', false, n);
      expect(nip, String(n)).toMatch(/^\d{18}$/);
      expect(nipProblem(nip, '1985-04-12', 'Laki-laki'), nip).toBeNull();
    }
    expect(nipUji('1985-04-12', true, 1000)).toBe('198504122010012001');
  });
});
