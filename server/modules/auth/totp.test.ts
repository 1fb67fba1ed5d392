// Two-factor sign-in with TOTP, through HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  createTestApp,
  createAdmin,
  createSchoolWithOperator,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.ts';
import { auditLog, userTotp } from '../../db/schema/index.ts';
import { TOTP_MSG, type TotpAktif, type TotpSetup, type TotpStatus } from '#contract/totp.ts';
import type { Session } from '#contract/auth.ts';

let t: TestApp;
afterEach(async () => {
  await t.app.close();
});

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
const login = (username: string, kode_otp?: string, password = TEST_PASSWORD) =>
  t.call<Session>('POST', '/api/token', {
    body: { username, password, ...(kode_otp === undefined ? {} : { kode_otp }) },
  });

/** Sets TOTP up for the account behind `token`; answers the secret and the recovery codes. */
async function enable(token: string): Promise<{ secret: string; recovery: string[] }> {
  const setup = await t.call<TotpSetup>('POST', '/api/user/totp/setup', { token });
  expect(setup.status, setup.body.diagnostic.message).toBe(200);
  expect(setup.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/Sidasek:.+\?secret=[A-Z2-7]+/);
  expect(setup.body.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  const secret = setup.body.data.secret;
  const on = await t.call<TotpAktif>('POST', '/api/user/totp/aktifkan', {
    token,
    body: { kode: await codeAt(secret, t.clock.now) },
  });
  expect(on.status, on.body.diagnostic.message).toBe(200);
  expect(on.body.data.kode_pemulihan).toHaveLength(10);
  return { secret, recovery: on.body.data.kode_pemulihan };
}

describe('two-factor sign-in (TOTP)', () => {
  it('an operator turns it on; sign-in then needs the current code, once; a recovery code works once', async () => {
    t = await createTestApp({ loginMaxPerAccount: 10, loginMaxPerAddress: 100 });
    await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
    const token = (await login('60200100')).body.data.access_token;
    expect((await t.call<TotpStatus>('GET', '/api/user/totp', { token })).body.data).toEqual({
      aktif: false,
      wajib: false,
      sisa_kode_pemulihan: 0,
    });

    // Activating before a set-up, and codes that are not 6 digits, say so.
    expect(
      (await t.call('POST', '/api/user/totp/aktifkan', { token, body: { kode: '123456' } })).body.diagnostic.message,
    ).toBe(TOTP_MSG.notStarted);
    for (const kode of ['', 'abcdef', '12345', '1234567']) {
      const res = await t.call('POST', '/api/user/totp/aktifkan', { token, body: { kode } });
      expect(res.status, kode).toBe(422);
      expect(res.body.diagnostic.message, kode).toBe(TOTP_MSG.codeFormat);
    }
    expect(
      (await t.call('POST', '/api/user/totp/nonaktifkan', { token, body: { password: '', kode: '123456' } })).body
        .diagnostic.message,
    ).toBe('Password tidak boleh Kosong');
    expect(
      (await t.call('POST', '/api/user/totp/nonaktifkan', { token, body: { password: TEST_PASSWORD, kode: '123456' } }))
        .body.diagnostic.message,
    ).toBe(TOTP_MSG.notActive);

    // A wrong first code does not switch it on.
    await t.call('POST', '/api/user/totp/setup', { token });
    const wrong = await t.call('POST', '/api/user/totp/aktifkan', { token, body: { kode: '123456' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.diagnostic.message).toBe(TOTP_MSG.invalid);
    const { secret, recovery } = await enable(token);
    expect((await t.call<TotpStatus>('GET', '/api/user/totp', { token })).body.data).toEqual({
      aktif: true,
      wajib: false,
      sisa_kode_pemulihan: 10,
    });
    // The secret is not in any answer after the set-up, nor in the audit log.
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(secret);

    // Password alone: asked for the code, no session.
    const ask = await login('60200100');
    expect(ask.status).toBe(401);
    expect(ask.body.diagnostic).toMatchObject({ code: 'auth.totp_required', message: TOTP_MSG.required });
    expect(ask.body.data).toBeNull();

    t.clock.advance(60_000);
    const kode = await codeAt(secret, t.clock.now);
    const bad = await login('60200100', kode === '000000' ? '111111' : '000000');
    expect(bad.body.diagnostic).toMatchObject({ code: 'auth.totp_invalid', message: TOTP_MSG.invalid });
    const good = await login('60200100', kode);
    expect(good.status, good.body.diagnostic.message).toBe(200);
    // The same code again (a replay within its 30 seconds) is refused.
    expect((await login('60200100', kode)).body.diagnostic.code).toBe('auth.totp_invalid');

    // A recovery code, written in lower case with a space: once.
    const rc = recovery[0]!.toLowerCase().replace('-', ' ');
    expect((await login('60200100', rc)).status).toBe(200);
    expect((await login('60200100', rc)).body.diagnostic.code).toBe('auth.totp_invalid');
    expect(
      (await t.call<TotpStatus>('GET', '/api/user/totp', { token: good.body.data.access_token })).body.data
        .sisa_kode_pemulihan,
    ).toBe(9);
  });

  it('wrong codes count towards the login limit: a stolen password cannot be followed by guessing codes', async () => {
    t = await createTestApp({ loginMaxPerAccount: 5, loginMaxPerAddress: 100 });
    await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
    const token = (await login('60200100')).body.data.access_token;
    const { secret } = await enable(token);
    t.clock.advance(60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('60200100', String(100000 + i))).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // Even the right code waits now.
    expect((await login('60200100', await codeAt(secret, t.clock.now))).status).toBe(429);
  });

  it('switching it off needs the password and a code; an administrator cannot while it is required', async () => {
    t = await createTestApp({ totpWajibAdmin: true });
    await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
    const token = (await login('60200100')).body.data.access_token;
    const { secret } = await enable(token);
    t.clock.advance(60_000);
    const noPassword = await t.call('POST', '/api/user/totp/nonaktifkan', {
      token,
      body: { password: 'salah-sekali-123', kode: await codeAt(secret, t.clock.now) },
    });
    expect(noPassword.body.diagnostic.message).toBe(TOTP_MSG.passwordWrong);
    const off = await t.call<TotpStatus>('POST', '/api/user/totp/nonaktifkan', {
      token,
      body: { password: TEST_PASSWORD, kode: await codeAt(secret, t.clock.now) },
    });
    expect(off.status, off.body.diagnostic.message).toBe(200);
    expect(off.body.data.aktif).toBe(false);
    expect((await login('60200100')).status).toBe(200);

    // An administrator, TOTP required: only the set-up is open until it is active.
    await createAdmin(t.database.db);
    const first = await login('admin');
    expect(first.status).toBe(200);
    expect(first.body.data.user.wajib_totp).toBe(true);
    const adminToken = first.body.data.access_token;
    const blocked = await t.call('GET', '/api/dashboard', { token: adminToken });
    expect(blocked.status).toBe(403);
    expect(blocked.body.diagnostic).toMatchObject({
      code: 'auth.totp_setup_required',
      message: TOTP_MSG.setupRequired,
    });
    expect((await t.call('GET', '/api/me', { token: adminToken })).status).toBe(200);
    const admin = await enable(adminToken);
    // The same session goes on once it is active; refusing to switch it off.
    expect((await t.call('GET', '/api/dashboard', { token: adminToken })).status).toBe(200);
    t.clock.advance(60_000);
    const mandatory = await t.call('POST', '/api/user/totp/nonaktifkan', {
      token: adminToken,
      body: { password: TEST_PASSWORD, kode: await codeAt(admin.secret, t.clock.now) },
    });
    expect(mandatory.body.diagnostic.message).toBe(TOTP_MSG.mandatory);
  });

  it("a password reset by an administrator also resets the operator's TOTP (a lost phone); events are audited", async () => {
    t = await createTestApp();
    const { school } = await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
    await createAdmin(t.database.db);
    const token = (await login('60200100')).body.data.access_token;
    await enable(token);
    const adminToken = (await login('admin')).body.data.access_token;
    const reset = await t.call<{ password: string }>('PUT', `/api/user/reset/${school.id}`, { token: adminToken });
    expect(reset.status).toBe(200);
    expect(await t.database.db.select().from(userTotp)).toEqual([]);
    expect((await login('60200100', undefined, reset.body.data.password)).status).toBe(200);
    const events = (await t.database.db.select().from(auditLog))
      .filter((r) => r.tabel === 'keamanan')
      .map((r) => r.entitasId);
    expect(events).toEqual(expect.arrayContaining(['totp_aktif', 'password_direset']));
  });
});
