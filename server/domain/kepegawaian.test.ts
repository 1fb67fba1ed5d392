import { describe, expect, it } from 'vitest';
import { addMonths, tmtKgbBerikutnya } from './kepegawaian.ts';
import { tmtPensiun as tanggalPensiun } from './pensiun.ts';

describe('retirement (BUP)', () => {
  it('is the first day of the month after the 60th birthday', () => {
    expect(tanggalPensiun('1966-03-15')).toBe('2026-04-01');
    expect(tanggalPensiun('1966-03-01')).toBe('2026-04-01');
    expect(tanggalPensiun('1966-12-31')).toBe('2027-01-01');
  });
  it('follows the configured age', () => {
    expect(tanggalPensiun('1966-03-15', 58)).toBe('2024-04-01');
  });
});

describe('dates', () => {
  it('adds months keeping the day where possible', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-11-15', 2)).toBe('2025-01-15');
    expect(addMonths('2024-03-15', -3)).toBe('2023-12-15');
  });
  it('next KGB is two years after the last, on the first of a month', () => {
    expect(tmtKgbBerikutnya('2024-04-01')).toBe('2026-04-01');
    // A TMT is always the 1st (PP 7/1977 art. 13(3)): a legacy 29 February moves to 1 March.
    expect(tmtKgbBerikutnya('2024-02-29')).toBe('2026-03-01');
  });
});
