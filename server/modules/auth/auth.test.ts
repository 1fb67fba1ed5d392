import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import {
  createTestApp,
  createAdmin,
  createSchoolWithOperator,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken } from './session.repository.ts';
import { loadConfig } from '../../config.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ loginMaxPerAccount: 5, loginMaxPerAddress: 50, loginWindowMinutes: 15 });
});
afterEach(async () => {
  await t.app.close();
});

describe('POST /api/token', () => {
  it('logs an administrator in with a JSON body and answers the session shape', async () => {
    await createAdmin(t.database.db);
    const res = await t.call<{
      access_token: string;
      user: { username: string; roles: { id: number; name: string }; sekolah: unknown };
    }>('POST', '/api/token', {
      body: { username: 'admin', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.diagnostic.status).toBe(200);
    expect(res.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.data.user).toMatchObject({
      username: 'admin',
      roles: { id: 1, name: 'administrator' },
      sekolah: null,
    });
    // Only the hash of the token is stored.
    const stored = await t.database.db.select().from(sessions);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashToken(res.body.data.access_token));
    expect(stored[0]!.tokenHash).not.toContain(res.body.data.access_token);
  });

  it('accepts the query string of SPEC §7 and names the operator school', async () => {
    const { school } = await createSchoolWithOperator(t.database.db, {
      npsn: '60200001',
      namaSekolah: 'SD Negeri 1 Jailolo',
    });
    const res = await t.call<{
      user: { roles: { id: number; name: string }; sekolah: { npsn: string; nama_sekolah: string } };
    }>('POST', `/api/token?username=60200001&password=${encodeURIComponent(TEST_PASSWORD)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.user.roles).toEqual({ id: 2, name: 'operator sekolah' });
    expect(res.body.data.user.sekolah).toEqual({
      id: school.id,
      npsn: '60200001',
      nama_sekolah: 'SD Negeri 1 Jailolo',
    });
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    await createAdmin(t.database.db);
    const wrong = await t.call('POST', '/api/token', { body: { username: 'admin', password: 'salah-sekali' } });
    const unknown = await t.call('POST', '/api/token', { body: { username: 'tidakada', password: 'salah-sekali' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.diagnostic).toEqual({
      status: 401,
      message: 'Username atau Password Anda Salah',
      code: 'auth.invalid_credentials',
    });
  });

  it('refuses an empty form with the first field message', async () => {
    const res = await t.call<{ errors: Record<string, string> }>('POST', '/api/token', { body: { password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toBe('Username tidak boleh Kosong');
    expect(res.body.data.errors).toEqual({
      username: 'Username tidak boleh Kosong',
      password: 'Password tidak boleh Kosong',
    });
  });

  it('refuses a deactivated account even with the right password', async () => {
    const { operator } = await createSchoolWithOperator(t.database.db);
    await t.database.db.update(users).set({ statusAkun: 0 }).where(eq(users.id, operator.id));
    const res = await t.call('POST', '/api/token', { body: { username: operator.username, password: TEST_PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body.diagnostic.code).toBe('auth.account_inactive');
    expect(await t.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('slows a burst of wrong passwords with 429, then lets the real user in after the window', async () => {
    await createAdmin(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/api/token', { body: { username: 'admin', password: `salah-${i}` } })).status).toBe(
        401,
      );
    }
    const blocked = await t.call('POST', '/api/token', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.diagnostic.message).toBe('Terlalu banyak percobaan login. Silakan coba lagi dalam 15 menit.');
    expect(blocked.headers['retry-after']).toBe('900');
    // An unknown username is throttled the same way, so the two stay indistinguishable.
    for (let i = 0; i < 5; i++) await t.call('POST', '/api/token', { body: { username: 'hantu', password: 'x' } });
    expect((await t.call('POST', '/api/token', { body: { username: 'hantu', password: 'x' } })).status).toBe(429);

    t.clock.advance(15 * 60_000 + 1000);
    const after = await t.call('POST', '/api/token', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(after.status).toBe(200);
  });

  it('counts a burst sent at once before checking any password: no more than the limit are checked, the right guess among them refused', async () => {
    // 30 parallel guesses used to get 11–40 password checks (limit 5); one right
    // guess in the burst got in. The attempt is now counted atomically before the check.
    await createAdmin(t.database.db);
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 20 ? TEST_PASSWORD : `salah-${i}`));
    const answers = await Promise.all(
      guesses.map((password) => t.call('POST', '/api/token', { body: { username: 'admin', password } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401 || s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses[20]).toBe(429);
  });

  it('counts a burst per address atomically across accounts', async () => {
    await t.app.close();
    t = await createTestApp({ loginMaxPerAccount: 100, loginMaxPerAddress: 4 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/token', { body: { username: `akun${i}`, password: 'x' } }),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(16);
  });

  it('a successful login does not use up the address budget', async () => {
    await t.app.close();
    t = await createTestApp({ loginMaxPerAccount: 100, loginMaxPerAddress: 3 });
    await createAdmin(t.database.db);
    for (let i = 0; i < 6; i++)
      expect(
        (await t.call('POST', '/api/token', { body: { username: 'admin', password: TEST_PASSWORD } })).status,
      ).toBe(200);
  });

  it('throttles per address across accounts', async () => {
    await t.app.close();
    t = await createTestApp({ loginMaxPerAccount: 100, loginMaxPerAddress: 3 });
    await createAdmin(t.database.db);
    for (const u of ['a1', 'a2', 'a3']) await t.call('POST', '/api/token', { body: { username: u, password: 'x' } });
    expect((await t.call('POST', '/api/token', { body: { username: 'admin', password: TEST_PASSWORD } })).status).toBe(
      429,
    );
  });
});

/**
 * Refused logins cost no write: from an address over its limit, 1,000 requests with new
 * usernames used to add 1,000 throttle rows and 1,000 audit rows. A refusal past the limit now only
 * reads; the counters stop at the limit + 1; old rows are removed by the retention pass
 * (server/modules/audit/retention.ts).
 */
describe('refused logins past the limit write nothing', () => {
  /** Every throttle row with its row version (xmin): any insert, update or delete shows. */
  const throttleState = async () =>
    rowsOf<{ key: string; failures: number; v: string }>(
      await t.database.db.execute(sql`select key, failures, xmin::text as v from login_throttle order by key`),
    );
  const auditCount = async () =>
    rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_log`))[0]!.n;

  it('an address over its limit: 40 new usernames add no throttle row, change no counter and write no audit row', async () => {
    await t.app.close();
    t = await createTestApp({ loginMaxPerAccount: 5, loginMaxPerAddress: 3 });
    for (const u of ['a1', 'a2', 'a3'])
      expect((await t.call('POST', '/api/token', { body: { username: u, password: 'salah-sekali' } })).status).toBe(
        401,
      );
    // The attempt that crosses the limit is counted and recorded once.
    const first = await t.call('POST', '/api/token', { body: { username: 'a4', password: 'salah-sekali' } });
    expect(first.status).toBe(429);
    const held = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log where entitas_id = 'login_ditahan'`),
    )[0]!.n;
    expect(held).toBe(1);
    const before = { throttle: await throttleState(), audit: await auditCount() };
    for (let i = 0; i < 40; i++) {
      const res = await t.call('POST', '/api/token', {
        body: { username: `pengguna-baru-${i}`, password: 'salah-sekali' },
      });
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
    expect({ throttle: await throttleState(), audit: await auditCount() }).toEqual(before);
  });

  it('an account over its limit, tried from 20 other addresses: no row for those addresses, no write', async () => {
    await t.app.close();
    t = await createTestApp({ loginMaxPerAccount: 3, loginMaxPerAddress: 100, trustProxy: 1 });
    await createAdmin(t.database.db);
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 0; i < 4; i++)
      await t.call('POST', '/api/token', { body: { username: 'admin', password: `salah-${i}` }, headers: from(0) });
    const before = { throttle: await throttleState(), audit: await auditCount() };
    for (let i = 1; i <= 20; i++)
      expect(
        (await t.call('POST', '/api/token', { body: { username: 'ADMIN', password: 'salah-lagi' }, headers: from(i) }))
          .status,
      ).toBe(429);
    expect({ throttle: await throttleState(), audit: await auditCount() }).toEqual(before);
  });

  it('the counters stop at the limit + 1, even for a burst sent at once', async () => {
    await createAdmin(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('POST', '/api/token', { body: { username: 'admin', password: `salah-${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    for (let i = 0; i < 10; i++)
      expect((await t.call('POST', '/api/token', { body: { username: 'admin', password: 'salah' } })).status).toBe(429);
    const counts = Object.fromEntries((await throttleState()).map((r) => [r.key, r.failures]));
    expect(counts['u:admin']).toBe(6);
    expect(counts['ip:127.0.0.1']).toBeLessThanOrEqual(51);
  });

  it('what is typed as a username is stored without control characters and at most 64 characters long', async () => {
    await t.call('POST', '/api/token', { body: { username: `adm\u0000in`, password: 'x' } });
    const typed = `\u202eadmin\u0007\u001b[31m${'x'.repeat(80)}`;
    expect((await t.call('POST', '/api/token', { body: { username: typed, password: 'salah-sekali' } })).status).toBe(
      401,
    );
    const keys = (await throttleState()).map((r) => r.key).filter((k) => k.startsWith('u:'));
    expect(keys).toEqual([`u:admin[31m${'x'.repeat(55)}`]);
    const [event] = rowsOf<{ sesudah: { username: string } }>(
      await t.database.db.execute(sql`select sesudah from audit_log where entitas_id = 'login_gagal'`),
    );
    expect(event!.sesudah.username).toBe(`admin[31m${'x'.repeat(55)}`);
  });
});

describe('behind a reverse proxy', () => {
  // What nginx sends: the client's own X-Forwarded-For, then the address nginx saw.
  const throughProxy = (spoofed: string) => ({ 'x-forwarded-for': `${spoofed}, 203.0.113.9` });
  /** `n` failed sign-ins, each to another account and claiming another client address: their statuses. */
  const spoofedFailures = async (n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++)
      statuses.push(
        (
          await t.call('POST', '/api/token', {
            body: { username: `akun${i}`, password: 'x' },
            headers: throughProxy(`198.51.100.${i}`),
          })
        ).status,
      );
    return statuses;
  };

  it('TRUST_PROXY=1 (one proxy) counts the address the proxy saw, whatever the client wrote before it', async () => {
    await t.app.close();
    t = await createTestApp({ loginMaxPerAccount: 100, loginMaxPerAddress: 3, trustProxy: 1 });
    expect(await spoofedFailures(5)).toEqual([401, 401, 401, 429, 429]);
  });

  it('the old TRUST_PROXY=true means one proxy too: a client cannot pick its own address', async () => {
    expect(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toBe(
      '10.0.0.1,10.0.0.0/8',
    );
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'semua' })).toThrow(/TRUST_PROXY/);
  });

  it('a number of proxies while listening on every address: refused at start unless TRUST_PROXY_ANY_HOST=true', () => {
    // A client reaching the port directly, past the proxy, would write its own X-Forwarded-For.
    for (const host of [undefined, '0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']) {
      const env = { NODE_ENV: 'test', TRUST_PROXY: '1', ...(host === undefined ? {} : { HOST: host }) };
      expect(() => loadConfig(env), String(host)).toThrow(/TRUST_PROXY_ANY_HOST=true[\s\S]*HOST=127\.0\.0\.1/);
      expect(() => loadConfig(env), String(host)).toThrow(/semua alamat[\s\S]*every address/);
      expect(loadConfig({ ...env, TRUST_PROXY_ANY_HOST: 'true' }).trustProxy).toBe(1);
    }
    expect(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', HOST: '::1', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', HOST: '10.0.0.5', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    // Proxy addresses name whom to believe: a client elsewhere cannot pick its address, on any HOST.
    expect(loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0', TRUST_PROXY: '10.0.0.1' }).trustProxy).toBe('10.0.0.1');
    // Without TRUST_PROXY nothing is believed, on any HOST.
    expect(loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0' }).trustProxy).toBe(false);
  });

  it('without TRUST_PROXY the header is ignored', async () => {
    await t.app.close();
    t = await createTestApp({ loginMaxPerAccount: 100, loginMaxPerAddress: 3 });
    expect(await spoofedFailures(4)).toEqual([401, 401, 401, 429]);
  });
});

describe('sessions', () => {
  it('needs a bearer token: none, garbage or unknown answer 401', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer x' },
      { authorization: 'Bearer ' + 'a'.repeat(43) },
      { authorization: 'Basic abc' },
    ]) {
      const res = await t.call('GET', '/api/me', { headers });
      expect(res.status).toBe(401);
      expect(res.body.diagnostic.code).toBe('auth.unauthenticated');
    }
  });

  it('logout revokes the token at once', async () => {
    await createAdmin(t.database.db);
    const token = await t.login('admin');
    expect((await t.call('GET', '/api/me', { token })).status).toBe(200);
    const out = await t.call('POST', '/api/logout', { token });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/api/me', { token })).status).toBe(401);
  });

  it('expires after the idle time and after the absolute lifetime', async () => {
    await t.app.close();
    t = await createTestApp({ sessionIdleMinutes: 30, sessionAbsoluteHours: 2 });
    await createAdmin(t.database.db);
    const idle = await t.login('admin');
    t.clock.advance(31 * 60_000);
    expect((await t.call('GET', '/api/me', { token: idle })).status).toBe(401);

    const busy = await t.login('admin');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(25 * 60_000);
      expect((await t.call('GET', '/api/me', { token: busy })).status).toBe(200);
    }
    t.clock.advance(25 * 60_000); // 125 minutes since login (over 2 hours), never idle for 30
    expect((await t.call('GET', '/api/me', { token: busy })).status).toBe(401);
  });

  it('administrators are signed out after 30 idle minutes by default, operators after 120 (ASVS 3.3.2)', async () => {
    await t.app.close();
    t = await createTestApp({ ...loadConfig({ NODE_ENV: 'test' }) });
    await createAdmin(t.database.db);
    await createSchoolWithOperator(t.database.db, { npsn: '60200001' });
    const admin = await t.login('admin');
    const operator = await t.login('60200001');
    t.clock.advance(29 * 60_000);
    expect((await t.call('GET', '/api/me', { token: admin })).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await t.call('GET', '/api/me', { token: admin })).status).toBe(401);
    // The operator was idle for 60 minutes: still signed in.
    expect((await t.call('GET', '/api/me', { token: operator })).status).toBe(200);
    t.clock.advance(121 * 60_000);
    expect((await t.call('GET', '/api/me', { token: operator })).status).toBe(401);
  });

  it('a remembered session (kept in localStorage) still ends at the absolute lifetime on the server', async () => {
    await createAdmin(t.database.db);
    const remembered = await t.login('admin');
    for (let i = 0; i < 12 * 4; i++) {
      t.clock.advance(15 * 60_000);
      expect((await t.call('GET', '/api/me', { token: remembered })).status).toBe(200);
    }
    t.clock.advance(15 * 60_000);
    expect((await t.call('GET', '/api/me', { token: remembered })).status).toBe(401);
  });
});

describe('PUT /api/user/password', () => {
  it("changes one's own password, keeps this session and ends the others", async () => {
    await createAdmin(t.database.db);
    const mine = await t.login('admin');
    const other = await t.login('admin');
    const res = await t.call('PUT', '/api/user/password', {
      token: mine,
      body: {
        password_lama: TEST_PASSWORD,
        password_baru: 'kopi-pagi-ternate-7',
        konfirmasi_password: 'kopi-pagi-ternate-7',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.diagnostic.message).toBe('Password berhasil diganti');
    expect((await t.call('GET', '/api/me', { token: mine })).status).toBe(200);
    expect((await t.call('GET', '/api/me', { token: other })).status).toBe(401);
    expect((await t.call('POST', '/api/token', { body: { username: 'admin', password: TEST_PASSWORD } })).status).toBe(
      401,
    );
    expect(
      (await t.call('POST', '/api/token', { body: { username: 'admin', password: 'kopi-pagi-ternate-7' } })).status,
    ).toBe(200);
  });

  it('checks the old password, the length and the confirmation', async () => {
    await createAdmin(t.database.db);
    const token = await t.login('admin');
    const wrongOld = await t.call('PUT', '/api/user/password', {
      token,
      body: {
        password_lama: 'bukan',
        password_baru: 'kopi-pagi-ternate-7',
        konfirmasi_password: 'kopi-pagi-ternate-7',
      },
    });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.diagnostic.message).toBe('Password lama tidak sesuai');
    const short = await t.call('PUT', '/api/user/password', {
      token,
      body: { password_lama: TEST_PASSWORD, password_baru: 'pendek', konfirmasi_password: 'pendek' },
    });
    // ASVS 2.1.1: 12 characters, not 8.
    expect(short.body.diagnostic.message).toBe('Password baru minimal 12 karakter');
    const eleven = await t.call('PUT', '/api/user/password', {
      token,
      body: { password_lama: TEST_PASSWORD, password_baru: 'kopi-pagi-7', konfirmasi_password: 'kopi-pagi-7' },
    });
    expect(eleven.body.diagnostic.message).toBe('Password baru minimal 12 karakter');
    // A common password from the shipped list, also with digits after it (ASVS 2.1.7).
    for (const common of ['qwerty123456', 'password1234', 'bismillah123']) {
      const res = await t.call<{ errors: Record<string, string> }>('PUT', '/api/user/password', {
        token,
        body: { password_lama: TEST_PASSWORD, password_baru: common, konfirmasi_password: common },
      });
      expect(res.status, common).toBe(422);
      expect(res.body.data.errors.password_baru).toBe(
        'Password baru terlalu umum dan mudah ditebak; pilih password lain',
      );
    }
    const mismatch = await t.call('PUT', '/api/user/password', {
      token,
      body: {
        password_lama: TEST_PASSWORD,
        password_baru: 'kopi-pagi-ternate-7',
        konfirmasi_password: 'kopi-pagi-ternate-8',
      },
    });
    expect(mismatch.body.diagnostic.message).toBe('Konfirmasi password tidak sama dengan password baru');
    expect((await t.call('PUT', '/api/user/password', { body: {} })).status).toBe(401);
  });

  it("refuses a short pattern repeated and the office's own names, from its profile and region", async () => {
    await createAdmin(t.database.db);
    const token = await t.login('admin');
    const kantor = {
      tingkat: 'kabupaten_kota',
      wilayah: 'Kabupaten Sleman',
      nama_instansi: 'Dinas Pendidikan',
      alamat: 'Jl. Parasamya, Beran, Tridadi',
      kota: 'Sleman',
      telepon: null,
      email: null,
      laman: null,
      kepala_daerah: 'Bupati Sleman',
      zona_waktu: 'Asia/Jakarta',
    };
    expect((await t.call('PUT', '/api/pengaturan/kantor', { token, body: kantor })).status).toBe(200);
    // The province comes from the region table: Sleman is in Daerah Istimewa Yogyakarta.
    for (const p of [
      'abcabcabcabc',
      '121212121212',
      'Maluku Utara',
      'Istimewa Yogyakarta',
      'Sleman Yogyakarta 2026',
      'Parasamya Tridadi',
    ]) {
      const res = await t.call<{ errors: Record<string, string> }>('PUT', '/api/user/password', {
        token,
        body: { password_lama: TEST_PASSWORD, password_baru: p, konfirmasi_password: p },
      });
      expect(res.status, p).toBe(422);
      expect(res.body.data.errors.password_baru, p).toBe(
        'Password baru terlalu umum dan mudah ditebak; pilih password lain',
      );
    }
    const fine = 'kopi pagi di Sleman jam tujuh';
    expect(
      (
        await t.call('PUT', '/api/user/password', {
          token,
          body: { password_lama: TEST_PASSWORD, password_baru: fine, konfirmasi_password: fine },
        })
      ).status,
    ).toBe(200);
  });

  it('wrong old passwords are rate-limited (a stolen session cannot guess the password): 5, then 429', async () => {
    await createAdmin(t.database.db);
    const token = await t.login('admin');
    const body = (old: string) => ({
      password_lama: old,
      password_baru: 'kopi-pagi-ternate-7',
      konfirmasi_password: 'kopi-pagi-ternate-7',
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.call('PUT', '/api/user/password', { token, body: body(`tebakan-${i}`) })),
    );
    expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(5);
    const blocked = await t.call('PUT', '/api/user/password', { token, body: body(TEST_PASSWORD) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.diagnostic.message).toBe('Terlalu banyak password lama yang salah. Coba lagi dalam 15 menit.');
    t.clock.advance(15 * 60_000 + 1000);
    const fresh = await t.login('admin');
    expect((await t.call('PUT', '/api/user/password', { token: fresh, body: body(TEST_PASSWORD) })).status).toBe(200);
  });
});
