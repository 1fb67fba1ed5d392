// A stand-in for BSrE's Esign Client Service (API v2) for the tests, the browser tests, the benchmark
// and demos (`npm run bsre:sim`): the calls Sidasek makes (docs/domain/tanda-tangan.md "The v2
// calls"), answered as the technical guide and the open-source clients describe them, signing with
// a test certificate authority made when it starts. Its signatures are PAdES (ETSI.CAdES.detached):
// `pdfsig` validates them, and trusts them when the simulator's CA is in its NSS database.
//
// Error cases are chosen by the signer (SIMULATOR_USERS below) or by the passphrase:
//   a NIK it does not know              → 2011, not registered
//   a NIK of a user without certificate → 2021; status NO_CERTIFICATE
//   an expired or revoked certificate   → 2051 / 2052 (codes of this simulator), status EXPIRED / REVOKE
//   a wrong passphrase                  → 2031; a wrong TOTP → 2032 (code of this simulator)
//   passphrase 'sim-lambat'             → answers after `slowMs` (a client's timeout)
//   passphrase 'sim-galat'              → HTTP 500
//   passphrase 'sim-putus'              → the connection is dropped without an answer
// and from a test: `down()` / `up()` (connection refused), `latencyMs`, `failAfter(n)`.
//
// The office's seal (segel elektronik, SIMULATOR_SEALS): `seal/get/activation`, `seal/get/totp`
// (the activation TOTP buys a seal TOTP for `data` documents) and `seal/pdf` (signed with a seal
// certificate in the institution's name, from the same test CA):
//   an idSubscriber it does not know     → 2011 (the user's code; BSrE's own is not published)
//   a wrong activation TOTP              → 200 with `result: false`
//   a seal TOTP not issued or used up    → 2032
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  constants,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  privateEncrypt,
  randomBytes,
  verify as verifySignature,
  type KeyObject,
} from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer as PdfSigner, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { DEMO_NIK, DEMO_PASSPHRASE } from '../db/seed/demo.ts';

export type SimStatus = 'ISSUE' | 'EXPIRED' | 'REVOKE' | 'SUSPEND' | 'NO_CERTIFICATE';

export interface SimUser {
  nik: string;
  nama: string;
  passphrase: string;
  /** The code the user's BeSign app shows (fixed here). */
  totp: string;
  status: SimStatus;
}

/** The simulator's signers: the demo official and one per error case (NIKs valid in structure). */
export const SIMULATOR_USERS: SimUser[] = [
  { nik: DEMO_NIK, nama: 'Dr. Abdullah Sangaji, M.Pd.', passphrase: DEMO_PASSPHRASE, totp: '246810', status: 'ISSUE' },
  {
    nik: '8271015507800002',
    nama: 'Pejabat Sertifikat Kedaluwarsa',
    passphrase: 'ttd-demo-2026',
    totp: '246810',
    status: 'EXPIRED',
  },
  {
    nik: '8271012010750003',
    nama: 'Pejabat Sertifikat Dicabut',
    passphrase: 'ttd-demo-2026',
    totp: '246810',
    status: 'REVOKE',
  },
  {
    nik: '8271016602850004',
    nama: 'Pejabat Sertifikat Dibekukan',
    passphrase: 'ttd-demo-2026',
    totp: '246810',
    status: 'SUSPEND',
  },
  {
    nik: '8271012305900005',
    nama: 'Pejabat Belum Bersertifikat',
    passphrase: 'ttd-demo-2026',
    totp: '246810',
    status: 'NO_CERTIFICATE',
  },
];

/** An institution's seal: its id at BSrE, the name in its certificate, and the activation TOTP its e-mail received. */
export interface SimSeal {
  idSubscriber: string;
  nama: string;
  activationTotp: string;
}

/** The simulator's seal: the demo office. */
export const SIMULATOR_SEALS: SimSeal[] = [
  { idSubscriber: 'SEGEL-SIM-0001', nama: 'Dinas Pendidikan Kota Ternate (segel uji)', activationTotp: '135790' },
];

export interface SimulatorOptions {
  port?: number;
  host?: string;
  username?: string;
  password?: string;
  /** Every sign request waits this long before answering (BSrE's own time). */
  latencyMs?: number;
  /** How long 'sim-lambat' waits. */
  slowMs?: number;
  users?: SimUser[];
  seals?: SimSeal[];
}

export interface BsreSimulator {
  url: string;
  username: string;
  password: string;
  /** The test CA's certificate (PEM), to trust it in pdfsig's NSS database. */
  caPem: string;
  latencyMs: number;
  /** Sign requests that produced a signed file, by the SHA-256 of the PDF sent. */
  signedByDocument: Map<string, number>;
  /** Every request received, by path. */
  requests: Map<string, number>;
  /** After `n` more signatures, sign requests are dropped as if the service went away mid-answer; null: never. */
  failAfter(n: number | null): void;
  /** Stops listening (clients get "connection refused") / listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

interface Issued {
  key: KeyObject;
  keyPem: string;
  cert: forge.pki.Certificate;
  certDer: Buffer;
}

const CA_NAME = 'BSrE Simulator Root CA (uji Sidasek)';

function makeKeys(): { keyPem: string; key: KeyObject; forgePublic: forge.pki.rsa.PublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    keyPem,
    key: privateKey,
    forgePublic: forge.pki.publicKeyFromPem(
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ) as forge.pki.rsa.PublicKey,
  };
}

const serial = () => `01${randomBytes(15).toString('hex')}`;

function makeCa(now: Date): Issued & { forgeKey: forge.pki.rsa.PrivateKey } {
  const k = makeKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = k.forgePublic;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: CA_NAME },
    { name: 'organizationName', value: 'Simulator BSrE' },
    { name: 'countryName', value: 'ID' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const forgeKey = forge.pki.privateKeyFromPem(k.keyPem) as forge.pki.rsa.PrivateKey;
  cert.sign(forgeKey, forge.md.sha256.create());
  return {
    key: k.key,
    keyPem: k.keyPem,
    cert,
    certDer: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
    forgeKey,
  };
}

function issue(ca: ReturnType<typeof makeCa>, user: Pick<SimUser, 'nama' | 'status'>, now: Date): Issued {
  const k = makeKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = k.forgePublic;
  cert.serialNumber = serial();
  // An expired certificate ended yesterday; the others run for two years (BSrE's term).
  cert.validity.notBefore = new Date(now.getTime() - (user.status === 'EXPIRED' ? 3 * 365 : 30) * 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + (user.status === 'EXPIRED' ? -86_400_000 : 2 * 365 * 86_400_000));
  cert.setSubject([
    { name: 'commonName', value: user.nama },
    { name: 'organizationName', value: 'Pemerintah Daerah (uji)' },
    { name: 'countryName', value: 'ID' },
  ]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.cert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.forgeKey, forge.md.sha256.create());
  return {
    key: k.key,
    keyPem: k.keyPem,
    cert,
    certDer: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
  };
}

/** DigestInfo prefix of SHA-256 (RFC 8017 §9.2): the RSA signature of a digest forge computed. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** CMS SignedData (detached) by forge, its RSA operation by Node's crypto (fast, native). */
class SimPdfSigner extends PdfSigner {
  private readonly issued: Issued;
  private readonly ca: Issued;
  constructor(issued: Issued, ca: Issued) {
    super();
    this.issued = issued;
    this.ca = ca;
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    p7.addCertificate(this.issued.cert);
    p7.addCertificate(this.ca.cert);
    const key = this.issued.key;
    const nativeKey = {
      sign(md: forge.md.MessageDigest) {
        const digest = Buffer.from(md.digest().getBytes(), 'binary');
        return privateEncrypt(
          { key, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([SHA256_DIGEST_INFO, digest]),
        ).toString('binary');
      },
    };
    p7.addSigner({
      key: nativeKey as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.issued.cert,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The signatures of a PDF: each /ByteRange with the CMS in its /Contents, with what it covers. */
/**
 * The DER value at the start of `padded` (the signature's /Contents, zeros after it up to the
 * placeholder's size), by the length its header gives. Cutting the trailing zeros instead would also
 * cut a signature whose last byte is 0x00 (one in 256) and call it invalid.
 */
function derValue(padded: Buffer): Buffer {
  if (padded.length < 2) return padded;
  const first = padded[1]!;
  if (first < 0x80) return padded.subarray(0, 2 + first);
  const n = first & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + (padded[2 + i] ?? 0);
  return padded.subarray(0, Math.min(padded.length, 2 + n + length));
}

export function signaturesOf(
  pdf: Buffer,
): { signed: Buffer; cms: Buffer; reason: string | null; location: string | null }[] {
  const text = pdf.toString('latin1');
  const out = [];
  const re = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [a, b, c, d] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (a !== 0 || c + d > pdf.length || a + b > c) continue;
    const hex = pdf
      .subarray(a + b, c)
      .toString('latin1')
      .replace(/[<>\s]/g, '');
    // The signature dictionary around this ByteRange: its /Reason and /Location.
    const dict = text.slice(Math.max(0, m.index - 400), Math.min(text.length, c + 400));
    const field = (name: string) => new RegExp(`/${name}\\s*\\(([^)]*)\\)`).exec(dict)?.[1] ?? null;
    out.push({
      signed: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
      cms: derValue(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex')),
      reason: field('Reason'),
      location: field('Location'),
    });
  }
  return out;
}

export async function startBsreSimulator(options: SimulatorOptions = {}): Promise<BsreSimulator> {
  const username = options.username ?? 'sidasek';
  const password = options.password ?? 'sidasek-simulator';
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const now = new Date();
  const ca = makeCa(now);
  const users = new Map<string, SimUser & { issued: Issued | null }>();
  for (const u of options.users ?? SIMULATOR_USERS)
    users.set(u.nik, { ...u, issued: u.status === 'NO_CERTIFICATE' ? null : issue(ca, u, now) });
  const seals = new Map<string, SimSeal & { issued: Issued }>();
  for (const sl of options.seals ?? SIMULATOR_SEALS)
    seals.set(sl.idSubscriber, { ...sl, issued: issue(ca, { nama: sl.nama, status: 'ISSUE' }, now) });
  const caPublic = createPublicKey(ca.keyPem);
  const signedByDocument = new Map<string, number>();
  const requests = new Map<string, number>();
  let failAfter: number | null = null;
  const sockets = new Set<Socket>();

  const sim: BsreSimulator = {
    url: '',
    username,
    password,
    caPem: forge.pki.certificateToPem(ca.cert),
    latencyMs: options.latencyMs ?? 0,
    signedByDocument,
    requests,
    failAfter(n) {
      failAfter = n;
    },
    async down() {
      if (!server.listening) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async up() {
      if (server.listening) return;
      await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
    },
    async close() {
      if (server.listening) await sim.down();
    },
  };

  /** Signs each file (base64) with a certificate; null when a file is no PDF (the answer already sent). */
  async function signFiles(
    files: unknown[],
    props: Record<string, unknown>[],
    issued: Issued,
    nama: string,
    path: string,
    res: ServerResponse,
  ): Promise<string[] | null> {
    const out: string[] = [];
    for (const [i, f] of files.entries()) {
      const input = Buffer.from(String(f), 'base64');
      let doc: PDFDocument;
      try {
        doc = await PDFDocument.load(input, { updateMetadata: false });
      } catch {
        send(res, 500, { timestamp: new Date().toISOString(), status: 500, error: 'Internal Server Error', path });
        return null;
      }
      const p = props[i] ?? props[0] ?? {};
      const visible = String(p.tampilan ?? '').toUpperCase() === 'VISIBLE';
      const pageIndex = Math.max(0, Math.min(doc.getPageCount() - 1, Number(p.page ?? 1) - 1));
      const page = doc.getPage(pageIndex);
      const box = {
        x: Number(p.originX ?? 0),
        y: Number(p.originY ?? 0),
        width: Number(p.width ?? 0),
        height: Number(p.height ?? 0),
      };
      if (visible && typeof p.imageBase64 === 'string' && p.imageBase64) {
        const image = await doc.embedPng(Buffer.from(p.imageBase64, 'base64'));
        page.drawImage(image, box);
      }
      pdflibAddPlaceholder({
        pdfDoc: doc,
        pdfPage: page,
        reason: String(p.reason ?? ''),
        contactInfo: String(p.contactInfo ?? ''),
        name: nama,
        location: String(p.location ?? ''),
        signingTime: new Date(),
        subFilter: SUBFILTER_ETSI_CADES_DETACHED,
        widgetRect: visible ? [box.x, box.y, box.x + box.width, box.y + box.height] : [0, 0, 0, 0],
        appName: 'BSrE Simulator',
        signatureLength: 8192,
      });
      const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
      const signed = await new SignPdf().sign(prepared, new SimPdfSigner(issued, ca), new Date());
      out.push(Buffer.from(signed).toString('base64'));
      const key = createHash('sha256').update(input).digest('hex');
      signedByDocument.set(key, (signedByDocument.get(key) ?? 0) + 1);
    }
    return out;
  }

  /** The seal's TOTPs handed out (seal/get/totp): for which seal, and how many documents are left. */
  const sealTotps = new Map<string, { idSubscriber: string; left: number }>();
  const expires = (minutes: number) =>
    new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+0000');

  function sealActivation(body: Record<string, unknown>, res: ServerResponse): void {
    const seal = seals.get(String(body.idSubscriber ?? ''));
    if (!seal) return send(res, 400, { status_code: 2011, error: 'Subscriber tidak terdaftar' });
    // Without a TOTP: BSrE e-mails the activation code to the institution. With one: it is refreshed.
    if (body.totp == null)
      return send(res, 200, { result: true, message: 'Kode aktivasi segel telah dikirim ke surel instansi' });
    if (String(body.totp) !== seal.activationTotp)
      return send(res, 200, { result: false, message: 'TOTP tidak valid' });
    send(res, 200, {
      result: true,
      message: 'Aktivasi diperpanjang',
      totp: seal.activationTotp,
      expires: expires(60 * 24),
    });
  }

  function sealTotp(body: Record<string, unknown>, res: ServerResponse): void {
    const seal = seals.get(String(body.idSubscriber ?? ''));
    if (!seal) return send(res, 400, { status_code: 2011, error: 'Subscriber tidak terdaftar' });
    if (String(body.totp ?? '') !== seal.activationTotp)
      return send(res, 200, { result: false, message: 'TOTP aktivasi tidak valid' });
    const count = Math.max(1, Math.min(100, Number(body.data ?? 1) || 1));
    let totp: string;
    do totp = String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
    while (sealTotps.has(totp));
    sealTotps.set(totp, { idSubscriber: seal.idSubscriber, left: count });
    send(res, 200, { result: true, message: 'TOTP segel berhasil dibuat', totp, expires: expires(5) });
  }

  async function sealPdf(body: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const seal = seals.get(String(body.idSubscriber ?? ''));
    if (!seal) return send(res, 400, { status_code: 2011, error: 'Subscriber tidak terdaftar' });
    const files = Array.isArray(body.file) ? (body.file as unknown[]) : [];
    const props = Array.isArray(body.signatureProperties)
      ? (body.signatureProperties as Record<string, unknown>[])
      : [];
    const granted = sealTotps.get(String(body.totp ?? ''));
    if (!granted || granted.idSubscriber !== seal.idSubscriber || granted.left < Math.max(1, files.length))
      return send(res, 400, { status_code: 2032, error: 'TOTP tidak valid' });
    if (!files.length || typeof files[0] !== 'string')
      return send(res, 400, { status_code: 2001, error: 'File tidak boleh kosong' });
    if (sim.latencyMs > 0) await sleep(sim.latencyMs);
    const out = await signFiles(files, props, seal.issued, seal.nama, '/api/v2/seal/pdf', res);
    if (!out) return;
    granted.left -= files.length;
    if (granted.left <= 0) sealTotps.delete(String(body.totp));
    send(res, 200, { time: Date.now(), file: out });
  }

  async function signPdf(body: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const nik = String(body.nik ?? '');
    const user = users.get(nik);
    if (!user) return send(res, 400, { status_code: 2011, error: 'User tidak terdaftar' });
    if (!user.issued || user.status === 'NO_CERTIFICATE')
      return send(res, 400, { status_code: 2021, error: 'Pengguna belum memiliki sertifikat' });
    const passphrase = typeof body.passphrase === 'string' ? body.passphrase : null;
    const totp = typeof body.totp === 'string' ? body.totp : null;
    if (passphrase === 'sim-lambat') await sleep(options.slowMs ?? 120_000);
    if (passphrase === 'sim-galat')
      return send(res, 500, {
        timestamp: new Date().toISOString(),
        status: 500,
        error: 'Internal Server Error',
        path: '/api/v2/sign/pdf',
      });
    if (passphrase === 'sim-putus') {
      res.socket?.destroy();
      return;
    }
    if (totp !== null ? totp !== user.totp : passphrase !== user.passphrase) {
      return send(
        res,
        400,
        totp !== null
          ? { status_code: 2032, error: 'TOTP tidak valid' }
          : { status_code: 2031, error: 'Passphrase anda salah' },
      );
    }
    if (user.status === 'EXPIRED') return send(res, 400, { status_code: 2051, error: 'Sertifikat sudah kedaluwarsa' });
    if (user.status === 'REVOKE') return send(res, 400, { status_code: 2052, error: 'Sertifikat sudah dicabut' });
    if (user.status === 'SUSPEND') return send(res, 400, { status_code: 2053, error: 'Sertifikat dibekukan' });
    const files = Array.isArray(body.file) ? (body.file as unknown[]) : [];
    const props = Array.isArray(body.signatureProperties)
      ? (body.signatureProperties as Record<string, unknown>[])
      : [];
    if (!files.length || typeof files[0] !== 'string')
      return send(res, 400, { status_code: 2001, error: 'File tidak boleh kosong' });
    if (sim.latencyMs > 0) await sleep(sim.latencyMs);
    if (failAfter !== null) {
      if (failAfter <= 0) {
        res.socket?.destroy();
        return;
      }
      failAfter--;
    }
    const out = await signFiles(files, props, user.issued, user.nama, '/api/v2/sign/pdf', res);
    if (!out) return;
    send(res, 200, { time: Date.now(), file: out });
  }

  function verifyPdf(body: Record<string, unknown>, res: ServerResponse): void {
    let pdf: Buffer;
    try {
      pdf = Buffer.from(String(body.file ?? ''), 'base64');
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
    } catch {
      return send(res, 500, {
        timestamp: new Date().toISOString(),
        status: 500,
        error: 'Internal Server Error',
        path: '/api/v2/verify/pdf',
      });
    }
    const sigs = signaturesOf(pdf);
    if (!sigs.length)
      return send(res, 200, {
        conclusion: 'NO_SIGNATURE',
        description: 'Dokumen tidak memiliki tanda tangan elektronik',
        signatureCount: 0,
        signatureInformations: [],
      });
    const infos = sigs.map((s, i) => {
      let integrityValid = false;
      let certificateTrusted = false;
      let signerName: string | null = null;
      let signatureDate: string | null = null;
      let details: Record<string, unknown>[] = [];
      try {
        const msg = forge.pkcs7.messageFromAsn1(
          forge.asn1.fromDer(forge.util.createBuffer(s.cms.toString('binary'))),
        ) as unknown as {
          certificates: forge.pki.Certificate[];
          rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
        };
        const signer = msg.certificates[0]!;
        signerName = String(signer.subject.getField('CN')?.value ?? '');
        const attrs = msg.rawCapture.authenticatedAttributes;
        let digest: string | null = null;
        for (const a of attrs) {
          const oid = forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string);
          const val = ((a.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!;
          if (oid === forge.pki.oids.messageDigest) digest = Buffer.from(val.value as string, 'binary').toString('hex');
          if (oid === forge.pki.oids.signingTime)
            signatureDate = forge.asn1.utcTimeToDate(val.value as string).toISOString();
        }
        const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs);
        const setDer = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
        const certPem = forge.pki.certificateToPem(signer);
        integrityValid =
          digest === createHash('sha256').update(s.signed).digest('hex') &&
          verifySignature('sha256', setDer, certPem, Buffer.from(msg.rawCapture.signature, 'binary'));
        const issuedByCa = (() => {
          try {
            return ca.cert.verify(signer);
          } catch {
            return false;
          }
        })();
        const user = [...users.values()].find((u) => u.issued && u.issued.cert.serialNumber === signer.serialNumber);
        certificateTrusted = issuedByCa && user?.status !== 'REVOKE';
        details = [
          {
            commonName: signerName,
            issuerName: String(signer.issuer.getField('CN')?.value ?? ''),
            serialNumber: signer.serialNumber,
            notBeforeDate: signer.validity.notBefore.toISOString(),
            notAfterDate: signer.validity.notAfter.toISOString(),
            signatureAlgoritm: 'SHA256withRSA',
            keyUsages: ['digitalSignature', 'nonRepudiation'],
          },
        ];
        void caPublic;
      } catch {
        integrityValid = false;
      }
      return {
        id: `SIG-${i + 1}`,
        fieldName: `Signature${i + 1}`,
        signerName,
        signatureDate,
        reason: s.reason,
        location: s.location,
        integrityValid,
        certificateTrusted,
        signatureFormat: 'PAdES-BASELINE-B',
        certLevelCode: 0,
        lastSignature: false,
        ltv: false,
        digestAlgorithm: '',
        signatureAlgorithm: '',
        timestampInfomation: null,
        certificateDetails: details,
      };
    });
    const valid = infos.every((s) => s.integrityValid && s.certificateTrusted);
    send(res, 200, {
      conclusion: valid ? 'VALID' : infos.some((s) => !s.integrityValid) ? 'INVALID' : 'INDETERMINATE',
      description: valid
        ? 'Dokumen valid, tanda tangan elektronik terverifikasi'
        : 'Tanda tangan elektronik tidak valid atau sertifikat tidak dipercaya',
      signatureCount: infos.length,
      signatureInformations: infos,
    });
  }

  function userStatus(body: Record<string, unknown>, res: ServerResponse): void {
    const user = users.get(String(body.nik ?? ''));
    if (!user) return send(res, 200, { status_code: 2011, message: 'User tidak terdaftar', status: 'NOT_REGISTERED' });
    if (user.status === 'NO_CERTIFICATE')
      return send(res, 200, {
        status_code: 2021,
        message: 'Pengguna belum memiliki sertifikat',
        status: 'NO_CERTIFICATE',
      });
    const message = {
      ISSUE: 'Sertifikat aktif',
      EXPIRED: 'Sertifikat kedaluwarsa',
      REVOKE: 'Sertifikat dicabut',
      SUSPEND: 'Sertifikat dibekukan',
    }[user.status];
    send(res, 200, { status_code: 1111, message, status: user.status });
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      // The simulator's own counters (not a BSrE call): for a benchmark running it in another process.
      if (req.method === 'GET' && path === '/sim/stats') {
        const counts = [...signedByDocument.values()];
        return send(res, 200, {
          documents: counts.length,
          signedOnce: counts.filter((n) => n === 1).length,
          signatures: counts.reduce((a, b) => a + b, 0),
          requests: Object.fromEntries(requests),
        });
      }
      requests.set(path, (requests.get(path) ?? 0) + 1);
      if (req.headers.authorization !== authorization) {
        return send(res, 401, { timestamp: new Date().toISOString(), status: 401, error: 'Unauthorized', path });
      }
      if (req.method !== 'POST') return send(res, 405, { status: 405, error: 'Method Not Allowed', path });
      const body = await readJson(req);
      if (!body) return send(res, 400, { status_code: 2000, error: 'Permintaan tidak dapat dibaca' });
      if (path === '/api/v2/sign/pdf') return signPdf(body, res);
      if (path === '/api/v2/user/check/status') return userStatus(body, res);
      if (path === '/api/v2/verify/pdf') return verifyPdf(body, res);
      if (path === '/api/v2/seal/get/activation') return sealActivation(body, res);
      if (path === '/api/v2/seal/get/totp') return sealTotp(body, res);
      if (path === '/api/v2/seal/pdf') return sealPdf(body, res);
      return send(res, 404, { status: 404, error: 'Not Found', path });
    })().catch(() => {
      if (!res.headersSent) send(res, 500, { status: 500, error: 'Internal Server Error' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, () => resolve()));
  const port = (server.address() as AddressInfo).port;
  sim.url = `http://${host}:${port}`;
  return sim;
}
