import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createAdmin,
  createSchoolWithOperator,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { UserAccountRow, PasswordResetResult } from '#contract/user.ts';

let t: TestApp;
let adminToken: string;
let operatorToken: string;
let schoolA: Awaited<ReturnType<typeof createSchoolWithOperator>>;

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  schoolA = await createSchoolWithOperator(t.database.db, {
    npsn: '60200100',
    namaSekolah: 'SMA Negeri 1 Kota Ternate',
  });
  await createSchoolWithOperator(t.database.db, { npsn: '60200200', namaSekolah: 'SD Negeri 5 Jailolo' });
  adminToken = await t.login('admin');
  operatorToken = await t.login('60200100');
});
afterEach(async () => {
  await t.app.close();
});

const endpoints: [string, string][] = [
  ['GET', '/api/user?page=1'],
  ['GET', '/api/user/cari?user=sma'],
  ['PUT', '/api/user/aktif/1'],
  ['PUT', '/api/user/nonaktif/1'],
  ['PUT', '/api/user/reset/1'],
];

describe('school accounts: who may call', () => {
  it.each(endpoints)('%s %s answers 401 without a token and 403 to an operator', async (method, url) => {
    const anon = await t.call(method as 'GET', url);
    expect(anon.status).toBe(401);
    expect(anon.body.diagnostic.status).toBe(401);
    const op = await t.call(method as 'GET', url, { token: operatorToken });
    expect(op.status).toBe(403);
    expect(op.body.data).toBeNull();
  });

  it('an operator cannot deactivate another school (nothing changes)', async () => {
    await t.call('PUT', '/api/user/nonaktif/2', { token: operatorToken });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, '60200200'));
    expect(row!.statusAkun).toBe(1);
  });
});

describe('GET /api/user', () => {
  it('lists school accounts as Laravel pages with the SPEC row shape', async () => {
    for (let i = 0; i < 11; i++)
      await createSchoolWithOperator(t.database.db, { namaSekolah: `TK Pembina ${String(i).padStart(2, '0')}` });
    const res = await t.call<Page<UserAccountRow>>('GET', '/api/user?page=2', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ current_page: 2, last_page: 2, per_page: 10, total: 13, from: 11, to: 13 });
    const first = await t.call<Page<UserAccountRow>>('GET', '/api/user?page=1', { token: adminToken });
    // Ordered by school name: SD… before SMA… before TK….
    expect(first.body.data.data.map((r) => r.nama_sekolah).slice(0, 3)).toEqual([
      'SD Negeri 5 Jailolo',
      'SMA Negeri 1 Kota Ternate',
      'TK Pembina 00',
    ]);
    expect(first.body.data.data[1]).toEqual({
      id: schoolA.school.id,
      npsn: '60200100',
      nama_sekolah: 'SMA Negeri 1 Kota Ternate',
      bentuk_pendidikan: 'SD',
      user: [{ id: schoolA.operator.id, username: '60200100', status_akun: 1 }],
    });
  });

  it('treats a blank page as page 1 and refuses a non-number', async () => {
    expect(
      (await t.call<Page<UserAccountRow>>('GET', '/api/user?page=%20', { token: adminToken })).body.data.current_page,
    ).toBe(1);
    const bad = await t.call('GET', '/api/user?page=abc', { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.body.diagnostic.message).toBe('Parameter page harus berupa angka');
  });

  it('searches by NPSN or school name, case-insensitive, with LIKE wildcards taken literally', async () => {
    const byName = await t.call<Page<UserAccountRow>>('GET', '/api/user/cari?user=jailolo', { token: adminToken });
    expect(byName.body.data.data.map((r) => r.npsn)).toEqual(['60200200']);
    const byNpsn = await t.call<Page<UserAccountRow>>('GET', '/api/user/cari?user=602001', { token: adminToken });
    expect(byNpsn.body.data.data.map((r) => r.npsn)).toEqual(['60200100']);
    const wildcard = await t.call<Page<UserAccountRow>>('GET', '/api/user/cari?user=%25', { token: adminToken });
    expect(wildcard.body.data.total).toBe(0);
  });
});

describe('activate and deactivate', () => {
  it('round trip: deactivation ends the sessions and blocks login; activation lets the operator in again', async () => {
    const off = await t.call<{ status_akun: number }>('PUT', `/api/user/nonaktif/${schoolA.school.id}`, {
      token: adminToken,
      body: {},
    });
    expect(off.status).toBe(200);
    expect(off.body.diagnostic.message).toBe('Akun sekolah berhasil dinonaktifkan');
    expect((await t.call('GET', '/api/me', { token: operatorToken })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/token', { body: { username: '60200100', password: TEST_PASSWORD } })).status,
    ).toBe(403);
    const list = await t.call<Page<UserAccountRow>>('GET', '/api/user/cari?user=60200100', { token: adminToken });
    expect(list.body.data.data[0]!.user[0]!.status_akun).toBe(0);

    const on = await t.call('PUT', `/api/user/aktif/${schoolA.school.id}`, { token: adminToken });
    expect(on.status).toBe(200);
    expect(on.body.diagnostic.message).toBe('Akun sekolah berhasil diaktifkan');
    expect(
      (await t.call('POST', '/api/token', { body: { username: '60200100', password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });

  it('answers 404 for a school that does not exist and 422 for a bad id', async () => {
    const missing = await t.call('PUT', '/api/user/aktif/9999', { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body.diagnostic.message).toBe('Akun sekolah tidak ditemukan');
    expect((await t.call('PUT', '/api/user/aktif/abc', { token: adminToken })).status).toBe(422);
  });
});

describe('password reset', () => {
  it('gives a one-time password once; the operator must change it before anything else', async () => {
    const reset = await t.call<PasswordResetResult>('PUT', `/api/user/reset/${schoolA.school.id}`, {
      token: adminToken,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.diagnostic.message).toBe('reset sukses');
    const { username, password } = reset.body.data;
    expect(username).toBe('60200100');
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    // The old session ended; the old password no longer works.
    expect((await t.call('GET', '/api/me', { token: operatorToken })).status).toBe(401);
    expect((await t.call('POST', '/api/token', { body: { username, password: TEST_PASSWORD } })).status).toBe(401);

    const login = await t.call<{ access_token: string; user: { must_change_password: boolean } }>(
      'POST',
      '/api/token',
      { body: { username, password } },
    );
    expect(login.status).toBe(200);
    expect(login.body.data.user.must_change_password).toBe(true);
    const token = login.body.data.access_token;
    const blocked = await t.call('GET', '/api/user?page=1', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.diagnostic.code).toBe('auth.password_change_required');

    const change = await t.call('PUT', '/api/user/password', {
      token,
      body: { password_lama: password, password_baru: 'operator-baru-9', konfirmasi_password: 'operator-baru-9' },
    });
    expect(change.status).toBe(200);
    const me = await t.call<{ must_change_password: boolean }>('GET', '/api/me', { token });
    expect(me.body.data.must_change_password).toBe(false);
    expect((await t.call('POST', '/api/token', { body: { username, password: 'operator-baru-9' } })).status).toBe(200);
  });

  it('right after signing in with the one-time password, it is not asked again; later, or for a chosen password, the old one is', async () => {
    const body = (baru: string, lama?: string) => ({
      ...(lama === undefined ? {} : { password_lama: lama }),
      password_baru: baru,
      konfirmasi_password: baru,
    });
    // An operator with a password of their own always gives the old one.
    const own = await t.call('PUT', '/api/user/password', { token: operatorToken, body: body('operator-baru-9') });
    expect(own.status).toBe(422);
    expect(own.body.diagnostic.message).toBe('Password lama tidak boleh Kosong');

    const { username, password } = (
      await t.call<PasswordResetResult>('PUT', `/api/user/reset/${schoolA.school.id}`, { token: adminToken })
    ).body.data;
    const token = (await t.call<{ access_token: string }>('POST', '/api/token', { body: { username, password } })).body
      .data.access_token;
    // The one-time password itself is no new password.
    const same = await t.call('PUT', '/api/user/password', { token, body: body(password) });
    expect(same.status).toBe(422);
    expect(same.body.diagnostic.message).toBe('Password baru harus berbeda dari password lama');
    // Sixteen minutes after signing in, the one-time password is asked again.
    t.clock.advance(16 * 60_000);
    const late = await t.call('PUT', '/api/user/password', { token, body: body('operator-baru-9') });
    expect(late.status).toBe(422);
    expect(late.body.diagnostic.message).toBe('Password lama tidak boleh Kosong');
    // A fresh sign-in: no need to type it again.
    const fresh = (await t.call<{ access_token: string }>('POST', '/api/token', { body: { username, password } })).body
      .data.access_token;
    const change = await t.call('PUT', '/api/user/password', { token: fresh, body: body('operator-baru-9') });
    expect(change.status, change.body.diagnostic.message).toBe(200);
    expect(
      (await t.call<{ must_change_password: boolean }>('GET', '/api/me', { token: fresh })).body.data
        .must_change_password,
    ).toBe(false);
    expect((await t.call('POST', '/api/token', { body: { username, password: 'operator-baru-9' } })).status).toBe(200);
  });
});
