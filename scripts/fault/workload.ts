// The write load of the crash tests and the checker that runs afterwards.
//
// Clients write as the web app does (teachers with a photo, rooms, gallery photos, record
// documents, gallery deletions, KGB verification and signing) and keep a ledger of every write the
// API acknowledged (2xx) with what it answered. After the faults, check() compares the ledger
// with the database and the file store: every acknowledged write must be there (or gone, for a
// deletion), every file a row refers to must exist and be whole, and no signed letter may lack
// its history row.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { call, login, now, sleep, type Answer, type Cluster } from './lib.ts';

const ADMIN_PASSWORD = 'admin12345';
const OPERATOR_PASSWORD = 'operator123';
const PASSPHRASE = 'ttd-demo-2026';

export type Ack =
  | { op: 'guru'; id: number; nip: string; fotoKey: string }
  | { op: 'ruangan'; id: number; nama: string }
  | { op: 'galeri'; id: number; nama: string; fotoKey: string; thumbKey: string }
  | { op: 'galeri-delete'; id: number }
  | { op: 'karya'; id: number; judul: string; sha256: string }
  | { op: 'kgb-verify'; letterId: number; guruId: number; pdfSha256: string }
  | { op: 'kgb-sign'; letterId: number; guruId: number; nomor: string; signedSha256: string };

export interface LedgerEntry {
  ack: Ack;
  client: string;
  /** ms since the load started */
  at: number;
}

export class Ledger {
  readonly acks: LedgerEntry[] = [];
  /** Ids whose last write is in doubt (sent, no answer): their state is not checked. */
  readonly inDoubt = { galeri: new Set<number>() };
  readonly statuses = new Map<string, number>();
  /** Answers no fault explains (5xx other than 503, unexpected 4xx), with their message. */
  readonly unexpected: string[] = [];
  attempts = 0;
  readonly t0 = now();

  add(client: string, ack: Ack): void {
    this.acks.push({ ack, client, at: Math.round(now() - this.t0) });
  }

  count(res: Answer, what: string, expected: number[] = []): void {
    this.attempts++;
    const key = res.status === 0 ? 'no answer' : String(res.status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    const ok =
      res.status === 0 ||
      res.status === 503 ||
      (res.status >= 200 && res.status < 300) ||
      res.status === 401 ||
      expected.includes(res.status);
    if (!ok && this.unexpected.length < 200)
      this.unexpected.push(
        `${what}: ${res.status} ${res.body?.diagnostic?.code ?? ''} ${res.body?.diagnostic?.message ?? ''}`.trim(),
      );
    if (res.status === 503 && res.body?.diagnostic?.status !== 503 && this.unexpected.length < 200)
      this.unexpected.push(`${what}: 503 without the envelope`);
  }

  lastAckAt(): number {
    return this.acks.length ? this.acks[this.acks.length - 1]!.at : 0;
  }
}

interface School {
  npsn: string;
  id: number;
  guruIds: number[];
}

export interface Fixture {
  schools: School[];
  jabatanId: number;
  roomTypeId: number;
  jenisKaryaId: number;
  photo: Buffer;
}

/** A multipart form of these fields and a JPEG photo as `foto` (a teacher's or a gallery photo). */
export function withPhoto(fields: Record<string, string>, photo: Buffer): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('foto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  return form;
}

/** The new-teacher form of a PNS III/b man at `schoolId`, with the fixture's photo. */
export function teacherForm(
  fixture: Fixture,
  schoolId: number,
  nama: string,
  tgl_lahir: string,
  nip: string,
): FormData {
  return withPhoto(
    {
      nama,
      tgl_lahir,
      nip,
      jenis_kelamin: 'Laki-laki',
      golongan: 'III/b',
      id_jabatan: String(fixture.jabatanId),
      sekolah_id: String(schoolId),
    },
    fixture.photo,
  );
}

export async function loadFixture(cluster: Cluster): Promise<Fixture> {
  const schools = await cluster.query<{ npsn: string; id: number }>(
    'sidasek',
    `select npsn, id from sekolah order by id`,
  );
  const gurus = await cluster.query<{ id: number; sekolah_id: number }>(
    'sidasek',
    `select id, sekolah_id from guru order by id`,
  );
  const [jab] = await cluster.query<{ id: number }>(
    'sidasek',
    `select id from referensi where kategori = 'jabatan' and nama = 'Guru Mata Pelajaran'`,
  );
  const [room] = await cluster.query<{ id: number }>('sidasek', `select id from jenis_ruangan order by id limit 1`);
  const [kt] = await cluster.query<{ id: number }>(
    'sidasek',
    `select id from referensi where kategori = 'jeniskaryatulis' order by id limit 1`,
  );
  // A photo of noise (it does not compress): about 120 KB, so an upload takes a moment.
  const side = 200;
  const raw = randomBytes(side * side * 3);
  const photo = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return {
    schools: schools.map((s) => ({ ...s, guruIds: gurus.filter((g) => g.sekolah_id === s.id).map((g) => g.id) })),
    jabatanId: jab!.id,
    roomTypeId: room!.id,
    jenisKaryaId: kt!.id,
    photo,
  };
}

async function uniquePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 20, y: 250, size: 11, font });
  // Some bulk, so the upload takes a moment: lines of random text.
  for (let i = 0; i < 40; i++) page.drawText(randomBytes(24).toString('hex'), { x: 20, y: 230 - i * 5, size: 4, font });
  return Buffer.from(await doc.save());
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const keyOf = (url: unknown) => (typeof url === 'string' ? url.split('/').pop()! : '');
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

export interface LoadOptions {
  base: () => string;
  fixture: Fixture;
  ledger: Ledger;
  runId: string;
  stop: { now: boolean };
}

let nipSeq = 0;
/** A NIP consistent with its birth date and sex, first appointed 2022-03: KGB due twice by now. */
/**
 * The form of a verified-to-be KGB decree (PNS III/b, MKG 8 years, Rp3.287.000, TMT 1 January
 * 2025) that makes a teacher due on 1 January 2027, drafted from two months before
 * (docs/domain/kgb.md: the next KGB follows the last decree); `pdf` is its document.
 */
export function kgbDecreeForm(guruId: number, seq: string, pdf: Buffer): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    guru_id: String(guruId),
    no_kgb: `822.4/${seq}/DIKBUD/2025`,
    perihal: 'Kenaikan Gaji Berkala',
    ttgl_kgb: '2025-01-01',
    gpl_kgb: '3287000',
    gol_kgb: 'III/b',
    nosk_kgb: `822.4/${seq}/DIKBUD/2025`,
    tglsk_kgb: '2025-01-01',
    mkg_tahun: '8',
    mkg_bulan: '0',
  }))
    form.set(k, v);
  form.set('file_kgb', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'sk.pdf');
  return form;
}

function newTeacher(runId: string) {
  const n = nipSeq++;
  const birth = new Date(Date.UTC(1990, 0, 1) + (Math.floor(n / 900) + (parseInt(runId, 16) % 500)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const nip = `${birth.replaceAll('-', '')}202203${1}${String((n % 900) + 1).padStart(3, '0')}`;
  return { nip, birth };
}

/** One client: writes until told to stop, logging every acknowledged write. */
export async function runClient(name: string, role: 'admin' | 'operator' | 'kgb', opts: LoadOptions): Promise<void> {
  const { fixture, ledger, stop } = opts;
  const school = pick(fixture.schools);
  const username = role === 'operator' ? school.npsn : 'admin';
  const password = role === 'operator' ? OPERATOR_PASSWORD : ADMIN_PASSWORD;
  let token = '';
  const relogin = async () => {
    for (;;) {
      try {
        token = await login(opts.base(), username, password);
        return;
      } catch (err) {
        if (stop.now) return;
        if (!/no answer/.test((err as Error).message)) throw err;
      }
    }
  };
  await relogin();
  const mine: number[] = []; // acknowledged gallery items of this client, not yet deleted
  let seq = 0;
  const tag = () => `${opts.runId}-${name}-${seq++}`;
  /** A call, counted; a 401 (session lost with the database's last seconds) logs in again. */
  const send = async (
    method: string,
    url: string,
    what: string,
    body: { json?: unknown; form?: FormData },
    expected: number[] = [],
  ) => {
    const res = await call(opts.base(), method, url, { token, ...body });
    ledger.count(res, what, expected);
    if (res.status === 401) await relogin();
    if (res.status === 0 || res.status === 503) await sleep(100 + Math.random() * 200);
    return res;
  };

  const ops = {
    async guru() {
      const { nip, birth } = newTeacher(opts.runId);
      const form = teacherForm(fixture, school.id, `Guru Uji ${tag()}`, birth, nip);
      const res = await send('POST', '/api/guru', 'guru', { form });
      if (res.status === 200) {
        const d = res.body!.data as { id: number; foto: string };
        ledger.add(name, { op: 'guru', id: d.id, nip, fotoKey: keyOf(d.foto) });
        return d.id;
      }
      return null;
    },
    async ruangan() {
      const nama = `Ruang ${tag()}`;
      const res = await send('PUT', `/api/sekolah/ruangan/${school.npsn}`, 'ruangan', {
        json: {
          nama,
          ruangan: fixture.roomTypeId,
          panjang: 8,
          lebar: 7,
          tinggi: 3,
          keterangan: 'uji crash',
          status: 'Baik',
        },
      });
      if (res.status === 200) ledger.add(name, { op: 'ruangan', id: (res.body!.data as { id: number }).id, nama });
    },
    async galeri() {
      const nama = `Foto ${tag()}`;
      const form = withPhoto(
        {
          nama,
          jenis: 'sekolah',
          desk: 'uji crash',
          ket: 'uji crash',
          npsn: school.npsn,
        },
        fixture.photo,
      );
      const res = await send('POST', '/api/galeri', 'galeri', { form });
      if (res.status === 200) {
        const d = res.body!.data as { id: number; foto: string; thumbnail: string };
        ledger.add(name, { op: 'galeri', id: d.id, nama, fotoKey: keyOf(d.foto), thumbKey: keyOf(d.thumbnail) });
        mine.push(d.id);
      }
    },
    async galeriDelete() {
      if (mine.length < 3) return ops.galeri();
      const id = mine.shift()!;
      const res = await send('DELETE', `/api/galeri/${id}`, 'galeri-delete', {});
      if (res.status === 200) ledger.add(name, { op: 'galeri-delete', id });
      else ledger.inDoubt.galeri.add(id);
    },
    async karya() {
      const judul = `Karya ${tag()}`;
      const pdf = await uniquePdf(judul);
      const form = new FormData();
      for (const [k, v] of Object.entries({
        guru_id: String(pick(school.guruIds)),
        jenis_kt_id: String(fixture.jenisKaryaId),
        judul,
        tgl_penerbitan: '2024-05-02',
      }))
        form.append(k, v);
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'karya.pdf');
      const res = await send('POST', '/api/riwkaryatulis/', 'karya', { form });
      if (res.status === 200)
        ledger.add(name, { op: 'karya', id: (res.body!.data as { id: number }).id, judul, sha256: sha256(pdf) });
    },
  };

  if (role === 'kgb') {
    // A new teacher is made due by their last KGB decree (kgbDecreeForm) and a verified profile:
    // verify, sign, then the next new teacher (the increase after it is two years away).
    let guruId: number | null = null;
    while (!stop.now) {
      if (guruId === null) {
        const id = await ops.guru();
        if (id === null) continue;
        const decree = await send('POST', '/api/riwkgb/', 'kgb-decree', {
          form: kgbDecreeForm(id, String(nipSeq % 1000), await uniquePdf(`SK KGB ${tag()}`)),
        });
        if (decree.status !== 200) continue;
        if ((await send('PUT', `/api/guru/verifikasi/${id}`, 'guru-verify', {})).status === 200) guruId = id;
        continue;
      }
      // 404: the teacher is gone (only when the database lost acknowledged writes: the negative
      // control); counted as unexpected otherwise.
      const v = await send('POST', `/api/kgb/${guruId}/verifikasi`, 'kgb-verify', {}, [409, 422]);
      if (v.status === 404) {
        guruId = null;
        continue;
      }
      if (v.status === 200) {
        const d = v.body!.data as { id: number; pdf_sha256: string };
        ledger.add(name, { op: 'kgb-verify', letterId: d.id, guruId, pdfSha256: d.pdf_sha256 });
      } else if (v.status === 422 && v.body?.diagnostic?.code === 'kgb.not_due') {
        guruId = null; // both increases signed
        continue;
      } else if (v.status !== 409) continue;
      const s = await send(
        'POST',
        `/api/kgb/${guruId}/signature`,
        'kgb-sign',
        { json: { passphrase: PASSPHRASE } },
        [409, 422],
      );
      if (s.status === 200) {
        const d = s.body!.data as { id: number; nomor: string; signed_sha256: string };
        ledger.add(name, { op: 'kgb-sign', letterId: d.id, guruId, nomor: d.nomor, signedSha256: d.signed_sha256 });
      } else if (s.status === 409) {
        // Signed by our own unanswered attempt, or a claim left by a killed process ('signing',
        // released after five minutes): move on to a new teacher rather than wait.
        const latest = await send('GET', `/api/kgb/${guruId}/surat`, 'kgb-surat', {}, [404]);
        if ((latest.body?.data as { status?: string } | null)?.status !== 'signed') guruId = null;
      }
    }
    return;
  }

  const mix: Array<keyof typeof ops> =
    role === 'operator'
      ? ['ruangan', 'galeri', 'galeri', 'karya', 'galeriDelete']
      : ['guru', 'ruangan', 'karya', 'galeri', 'galeriDelete'];
  while (!stop.now) await ops[pick(mix)]();
}

export interface CheckReport {
  acknowledged: number;
  byOp: Record<string, number>;
  /** Acknowledged writes not found as acknowledged (missing, different, or a deletion undone). */
  lost: string[];
  /** Rows whose files are missing or not whole, signed letters without history (and back). */
  halfWritten: string[];
  filesChecked: number;
  orphanFiles: number;
  tempFiles: number;
  lettersSigned: number;
  lettersSigning: number;
}

/** A stored file's bytes by its key, or null: from wherever the API keeps files. */
type ReadStored = (key: string) => Buffer | null;

function fileProblem(read: ReadStored, key: string | null, expectSha?: string): string | null {
  if (!key) return 'no key';
  const bytes = read(key);
  if (!bytes) return `file ${key} missing`;
  if (expectSha && sha256(bytes) !== expectSha) return `file ${key} differs from what was stored (sha256)`;
  if (
    key.endsWith('.jpg') &&
    !(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9)
  )
    return `file ${key} is not a whole JPEG`;
  if (key.endsWith('.pdf') && !(bytes.subarray(0, 5).toString() === '%PDF-' && bytes.subarray(-1024).includes('%%EOF')))
    return `file ${key} is not a whole PDF`;
  if (bytes.length === 0) return `file ${key} is empty`;
  return null;
}

/**
 * The files the API stored: on PostgreSQL with FILE_STORE unset, in the database (`berkas`, its
 * parts in `berkas_bagian`: server/lib/file-store-postgres.ts); files from before, or those of an
 * API told FILE_STORE=local, under `filesDir` (two-level fan-out). A file in the database whose
 * recorded size or SHA-256 does not match its parts is answered as it is, and so found different.
 */
async function storedFiles(cluster: Cluster, filesDir: string): Promise<ReadStored> {
  const rows = await cluster.query<{ key: string; isi: Buffer | null }>(
    'sidasek',
    `select b.key, (select string_agg(p.isi, ''::bytea order by p.urutan) from berkas_bagian p where p.key = b.key) as isi
       from berkas b`,
  );
  const inDatabase = new Map(rows.map((r) => [r.key, r.isi ?? Buffer.alloc(0)]));
  return (key) => {
    const stored = inDatabase.get(key);
    if (stored) return stored;
    const file = path.join(filesDir, key.slice(0, 2), key);
    return existsSync(file) ? readFileSync(file) : null;
  };
}

/** Compares the ledger with the database and the files; `extra` runs inside the same read. */
export async function check(cluster: Cluster, filesDir: string, ledger: Ledger): Promise<CheckReport> {
  const q = <T>(text: string) => cluster.query<T>('sidasek', text);
  const read = await storedFiles(cluster, filesDir);
  const ruangan = new Map(
    (await q<{ id: number; nama: string }>(`select id, nama from ruangan`)).map((r) => [r.id, r]),
  );
  const galeri = new Map(
    (
      await q<{ id: number; nama: string; foto_key: string; thumb_key: string }>(
        `select id, nama, foto_key, thumb_key from galeri`,
      )
    ).map((r) => [r.id, r]),
  );
  const guru = new Map(
    (await q<{ id: number; nip: string | null; foto_key: string | null }>(`select id, nip, foto_key from guru`)).map(
      (r) => [r.id, r],
    ),
  );
  const karya = new Map(
    (
      await q<{ id: number; judul: string; file_key: string | null }>(`select id, judul, file_key from riw_karya_tulis`)
    ).map((r) => [r.id, r]),
  );
  const surat = new Map(
    (
      await q<{
        id: number;
        guru_id: number;
        nomor: string;
        status: string;
        pdf_key: string;
        pdf_sha256: string;
        signed_key: string | null;
        signed_sha256: string | null;
      }>(`select id, guru_id, nomor, status, pdf_key, pdf_sha256, signed_key, signed_sha256 from kgb_surat`)
    ).map((r) => [r.id, r]),
  );
  const riwKgb = await q<{ id: number; guru_id: number; no_kgb: string; file_kgb_key: string | null }>(
    `select id, guru_id, no_kgb, file_kgb_key from riw_kgb`,
  );
  const logos = await q<{ npsn: string; logo_key: string | null }>(
    `select npsn, logo_key from sekolah where logo_key is not null`,
  );
  const p12 = await q<{ id: number; p12_key: string }>(`select id, p12_key from pejabat_penandatangan`);

  const lost: string[] = [];
  const half: string[] = [];
  const byOp: Record<string, number> = {};
  const deleted = new Set(
    ledger.acks.filter((e) => e.ack.op === 'galeri-delete').map((e) => (e.ack as { id: number }).id),
  );
  for (const { ack, at } of ledger.acks) {
    byOp[ack.op] = (byOp[ack.op] ?? 0) + 1;
    const where = `${ack.op} acknowledged at ${at} ms`;
    switch (ack.op) {
      case 'guru': {
        const row = guru.get(ack.id);
        if (!row || row.nip !== ack.nip)
          lost.push(`${where}: teacher ${ack.id} (${ack.nip}) ${row ? 'differs' : 'missing'}`);
        break;
      }
      case 'ruangan': {
        const row = ruangan.get(ack.id);
        if (!row || row.nama !== ack.nama) lost.push(`${where}: room ${ack.id} ${row ? 'differs' : 'missing'}`);
        break;
      }
      case 'galeri': {
        if (deleted.has(ack.id) || ledger.inDoubt.galeri.has(ack.id)) break;
        const row = galeri.get(ack.id);
        if (!row || row.nama !== ack.nama || row.foto_key !== ack.fotoKey || row.thumb_key !== ack.thumbKey)
          lost.push(`${where}: gallery ${ack.id} ${row ? 'differs' : 'missing'}`);
        break;
      }
      case 'galeri-delete':
        if (galeri.has(ack.id)) lost.push(`${where}: gallery ${ack.id} deleted, but it is back`);
        break;
      case 'karya': {
        const row = karya.get(ack.id);
        if (!row || row.judul !== ack.judul) lost.push(`${where}: record ${ack.id} ${row ? 'differs' : 'missing'}`);
        else {
          const problem = fileProblem(read, row.file_key, ack.sha256);
          if (problem) half.push(`record document ${ack.id}: ${problem}`);
        }
        break;
      }
      case 'kgb-verify': {
        const row = surat.get(ack.letterId);
        if (!row || row.guru_id !== ack.guruId || row.pdf_sha256 !== ack.pdfSha256)
          lost.push(`${where}: letter ${ack.letterId} ${row ? 'differs' : 'missing'}`);
        break;
      }
      case 'kgb-sign': {
        const row = surat.get(ack.letterId);
        if (!row || row.status !== 'signed' || row.signed_sha256 !== ack.signedSha256)
          lost.push(`${where}: signed letter ${ack.letterId} ${row ? `is ${row.status}` : 'missing'}`);
        break;
      }
    }
  }

  // Every row, acknowledged or not: its files exist and are whole.
  let filesChecked = 0;
  const referenced = new Set<string>();
  const fileOf = (what: string, key: string | null, sha?: string, optional = false) => {
    if (!key && optional) return;
    if (key) referenced.add(key);
    filesChecked++;
    const problem = fileProblem(read, key, sha);
    if (problem) half.push(`${what}: ${problem}`);
  };
  for (const r of galeri.values()) {
    fileOf(`gallery ${r.id} photo`, r.foto_key);
    fileOf(`gallery ${r.id} thumbnail`, r.thumb_key);
  }
  for (const r of guru.values()) fileOf(`teacher ${r.id} photo`, r.foto_key, undefined, true);
  for (const r of karya.values()) fileOf(`record ${r.id} document`, r.file_key, undefined, true);
  for (const r of riwKgb) fileOf(`KGB history ${r.id} document`, r.file_kgb_key, undefined, true);
  for (const r of logos) fileOf(`school ${r.npsn} logo`, r.logo_key);
  for (const r of p12) fileOf(`official ${r.id} key`, r.p12_key);
  let signed = 0;
  let signing = 0;
  for (const r of surat.values()) {
    fileOf(`letter ${r.id} pdf`, r.pdf_key, r.pdf_sha256);
    if (r.status === 'signing') signing++;
    if (r.status !== 'signed') continue;
    signed++;
    fileOf(`letter ${r.id} signed pdf`, r.signed_key, r.signed_sha256 ?? undefined);
    const history = riwKgb.find((h) => h.guru_id === r.guru_id && h.no_kgb === r.nomor);
    if (!history) half.push(`letter ${r.id} (${r.nomor}) signed without its KGB history row`);
    else if (fileProblem(read, history.file_kgb_key, r.signed_sha256 ?? undefined))
      half.push(`letter ${r.id}: history document is not the signed letter`);
  }
  // And back: a history row written by signing belongs to a signed letter.
  const byNomor = new Map([...surat.values()].map((r) => [`${r.guru_id}/${r.nomor}`, r]));
  for (const h of riwKgb) {
    const letter = byNomor.get(`${h.guru_id}/${h.no_kgb}`);
    if (letter && letter.status !== 'signed')
      half.push(`KGB history ${h.id} for letter ${letter.id}, which is ${letter.status}`);
  }

  let orphanFiles = 0;
  let tempFiles = 0;
  if (existsSync(filesDir)) {
    for (const dir of readdirSync(filesDir)) {
      for (const f of readdirSync(path.join(filesDir, dir))) {
        if (f.endsWith('.tmp')) tempFiles++;
        else if (!referenced.has(f)) orphanFiles++;
      }
    }
  }
  return {
    acknowledged: ledger.acks.length,
    byOp,
    lost,
    halfWritten: half,
    filesChecked,
    orphanFiles,
    tempFiles,
    lettersSigned: signed,
    lettersSigning: signing,
  };
}
