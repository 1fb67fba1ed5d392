// The shared start of the KGB API tests: an office on the 21st of November 2026 (WIT morning) with
// an administrator, school A (SMA, NPSN 60200100) and its operator, and one active signing official
// whose PKCS#12 key opens with PASSPHRASE; and poppler's tools run on a PDF's bytes.
import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, createAdmin, createSchoolWithOperator, SCHOOL_A, type TestApp } from './test-app.ts';
import { createOfficialKey, type OfficialKey } from '../modules/kgb/official-key.ts';
import { registerOfficial } from '../modules/kgb/pejabat.service.ts';
import type { TugasKgb } from '#contract/kgb-periode.ts';

export const PASSPHRASE = 'passphrase-pejabat-uji';
const OFFICIAL = { nama: 'Dr. Pejabat Uji', nip: '197003151995031002', jabatan: 'Kepala Dinas Pendidikan' };

/** The official's key (slow to make: once per test file, in beforeAll). */
export const officialKey = (): OfficialKey =>
  createOfficialKey({ ...OFFICIAL, instansi: 'Dinas Pendidikan' }, PASSPHRASE, new Date());

/** A fresh app and database with the office above; answers the app and school A's id. */
export async function kgbTestApp(
  key: OfficialKey,
  ...app: Parameters<typeof createTestApp>
): Promise<{ t: TestApp; schoolA: number }> {
  const t = await createTestApp(...app);
  t.clock.now = new Date('2026-11-21T02:00:00Z');
  await createAdmin(t.database.db);
  const schoolA = (await createSchoolWithOperator(t.database.db, SCHOOL_A)).school.id;
  await registerOfficial(t.database.db, t.files, { ...OFFICIAL, passphrase: PASSPHRASE, p12: key.p12 }, t.clock.now);
  return { t, schoolA };
}

/**
 * The hooks of a KGB API test file: the official's key made once (beforeAll); before each test a
 * fresh office (kgbTestApp) handed to `setup` with that key; its app closed after each test.
 */
export function eachKgbTestApp(
  setup: (world: { t: TestApp; schoolA: number; key: OfficialKey }) => Promise<void>,
): void {
  let key: OfficialKey;
  let t: TestApp | undefined;
  beforeAll(() => {
    key = officialKey();
  });
  beforeEach(async () => {
    const world = await kgbTestApp(key);
    t = world.t;
    await setup({ ...world, key });
  });
  afterEach(async () => {
    await t?.app.close();
  });
}

/** School B of the KGB tests: SD Negeri 2 Ternate (NPSN 60200200) with its operator; answers its id. */
export async function createSchoolB(t: TestApp): Promise<number> {
  return (
    await createSchoolWithOperator(t.database.db, {
      npsn: '60200200',
      bentukPendidikan: 'SD',
      namaSekolah: 'SD Negeri 2 Ternate',
    })
  ).school.id;
}

/**
 * Waits for a KGB run to end (runs go on in the background after the answer): asks for it as `token`
 * every `everyMs` milliseconds, at most `tries` times; each answer is 200.
 */
export async function finishedRun(t: TestApp, token: string, id: number, tries = 400, everyMs = 25): Promise<TugasKgb> {
  for (let i = 0; i < tries; i++) {
    const res = await t.call<TugasKgb>('GET', `/api/kgb/tugas/${id}`, { token });
    expect(res.status).toBe(200);
    if (res.body.data.status !== 'berjalan') return res.body.data;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error('run did not finish');
}

/** What `pdftotext` (to standard output) or `pdfsig` prints for a PDF; a tool's failure is part of the text. */
export function pdfTool(cmd: 'pdftotext' | 'pdfsig', bytes: Buffer, options: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sidasek-kgb-'));
  const file = path.join(dir, 'surat.pdf');
  writeFileSync(file, bytes);
  try {
    return execFileSync(cmd, cmd === 'pdftotext' ? [...options, file, '-'] : [...options, file], { encoding: 'utf8' });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? '') + String((err as Error).message);
  }
}
