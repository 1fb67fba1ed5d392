import { describe, expect, it } from 'vitest';
import { stillPending } from './url-state.ts';

describe('stillPending', () => {
  const writes = ['tabel=lahan', 'tabel=lahan&aksi=UPDATE', 'tabel=lahan&aksi=UPDATE&entitas_id=17'];

  it('keeps the later writes while the URL shows an earlier one (a navigation rendered late)', () => {
    expect(stillPending(writes, 'tabel=lahan')).toEqual(writes.slice(1));
    expect(stillPending(writes, writes[1]!)).toEqual([writes[2]]);
  });

  it('has nothing pending once the URL shows the last write', () => {
    expect(stillPending(writes, writes[2]!)).toEqual([]);
  });

  it('has nothing pending after a navigation no write made (back button, a link)', () => {
    expect(stillPending(writes, 'page=3')).toEqual([]);
    expect(stillPending([], 'tabel=lahan')).toEqual([]);
  });
});
