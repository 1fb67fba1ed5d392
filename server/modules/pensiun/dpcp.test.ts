import { describe, expect, it } from 'vitest';
import { selisihBulan, tmtCpnsDariNip } from './dpcp.ts';

describe('DPCP service figures', () => {
  it('reads the TMT CPNS from a PNS NIP (digits 9-14), nothing from anything else', () => {
    expect(tmtCpnsDariNip('196706101990031002')).toBe('1990-03-01');
    expect(tmtCpnsDariNip('196706101990131002')).toBeNull();
    expect(tmtCpnsDariNip('19670610')).toBeNull();
    expect(tmtCpnsDariNip(null)).toBeNull();
  });
  it('counts whole years and months between two firsts of a month', () => {
    expect(selisihBulan('1990-03-01', '2027-07-01')).toEqual({ tahun: 37, bulan: 4 });
    expect(selisihBulan('2027-07-01', '1990-03-01')).toEqual({ tahun: 0, bulan: 0 });
  });
});
