import { describe, expect, it } from 'vitest';
import { activeKey, menuFor } from './menu.tsx';
import type { Session } from '#contract/auth.ts';

const admin = {
  access_token: 'x',
  user: {
    id: 1,
    username: 'admin',
    nama: 'Admin',
    roles: { id: 1, name: 'administrator' },
    must_change_password: false,
    sekolah: null,
  },
} as Session;

describe('active menu item', () => {
  const entries = menuFor('admin-side', admin);
  it('is the longest matching path', () => {
    expect(activeKey(entries, '/admin-side/guru/detail-guru/5')).toEqual({
      selected: '/admin-side/guru',
      parent: 'grup-guru',
    });
    expect(activeKey(entries, '/admin-side/guru/arsip-kgb')).toEqual({
      selected: '/admin-side/guru/arsip-kgb',
      parent: 'grup-guru',
    });
  });
  it('KGB letter pages belong to the due list item', () => {
    expect(activeKey(entries, '/admin-side/guru/buat-kgb/5').selected).toBe('/admin-side/guru/akan-kgb');
    expect(activeKey(entries, '/admin-side/guru/verifikasi-kgb/5').selected).toBe('/admin-side/guru/akan-kgb');
    expect(activeKey(menuFor('admin-simple', admin), '/admin-simple/guru/verifikasi-kgb/5').selected).toBe(
      '/admin-simple/guru/akan-kgb',
    );
  });
  it("a school's detail page belongs to Data Sekolah", () => {
    expect(activeKey(entries, '/admin-side/user-detail/60200338').selected).toBe('/admin-side/data-sekolah');
    expect(activeKey(menuFor('admin-simple', admin), '/admin-simple/user-detail/60200338').selected).toBe(
      '/admin-simple/data-sekolah',
    );
  });
});
