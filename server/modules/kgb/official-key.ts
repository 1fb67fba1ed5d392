import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { WrongPassphraseError } from './signer.ts';

// An official's own key (docs/domain/tanda-tangan.md, "Kunci kantor sendiri"): an uploaded PKCS#12
// opened with its passphrase, or a new RSA-3072 key pair with a self-signed certificate. Both run
// in an upload-check process (server/lib/upload-check/pool.ts, task 'p12'), never in the server's
// process: an uploaded file decides how much work opening it takes (its key-derivation iteration
// counts), and the check process is stopped at its time limit. Nothing here touches the database.

export interface OfficialKey {
  p12: Buffer;
  subject: string;
  fingerprint: string;
  validUntil: Date;
}

/**
 * Key-derivation iterations a PKCS#12 may ask for, at most (its MAC and each encrypted bag).
 * Ordinary tools write 2,048 (OpenSSL before 3.0, node-forge) to 600,000 (recent password
 * managers); a file asking for more is refused before it is opened, so that an upload cannot make
 * every later signature spend minutes unlocking the key.
 */
export const P12_MAX_ITERATIONS = 1_000_000;

/** Nested structures walked, at most (a PKCS#12 of an official has a few dozen). */
const MAX_NODES = 20_000;

/** DER read strictly, every byte consumed (node-forge's options object, missing from its types). */
const strictDer = (bytes: string): forge.asn1.Asn1 =>
  (forge.asn1.fromDer as unknown as (b: forge.util.ByteStringBuffer, o: object) => forge.asn1.Asn1)(
    forge.util.createBuffer(bytes),
    { strict: true, parseAllBytes: true, decodeBitStrings: false },
  );

export class P12TooComplexError extends Error {
  constructor() {
    super('PKCS#12 too complex');
  }
}

/**
 * The largest iteration count anywhere in a PKCS#12's structure: the MAC's (RFC 7292 §4, MacData)
 * and those of every bag's key derivation (PBKDF2 of PBES2, RFC 8018 §A.2; the PKCS#12 PBE
 * schemes, RFC 7292 Appendix C), also inside the authenticated safe's octet strings (which are DER
 * themselves). In all three the count is the INTEGER that follows the salt (an OCTET STRING) in one
 * SEQUENCE; nothing else in a PKCS#12 has that shape. Throws P12TooComplexError for a structure too
 * deep or too large.
 */
export function p12MaxIterations(der: Buffer): number {
  let nodes = 0;
  let max = 0;
  const { Class, Type } = forge.asn1;
  const universal = (n: forge.asn1.Asn1 | undefined, type: number) =>
    n?.tagClass === Class.UNIVERSAL && n.type === type;
  const walk = (node: forge.asn1.Asn1, depth: number): void => {
    if (++nodes > MAX_NODES || depth > 40) throw new P12TooComplexError();
    if (Array.isArray(node.value)) {
      node.value.forEach((child, i) => {
        if (
          universal(node, Type.SEQUENCE) &&
          universal(child, Type.INTEGER) &&
          universal(node.value[i - 1] as forge.asn1.Asn1 | undefined, Type.OCTETSTRING)
        ) {
          const bytes = typeof child.value === 'string' ? child.value : '';
          // More than four bytes is more than four billion: too many whatever the value.
          max = Math.max(
            max,
            bytes.length > 4 ? Number.POSITIVE_INFINITY : Number.parseInt(forge.util.bytesToHex(bytes) || '0', 16),
          );
        }
        walk(child, depth + 1);
      });
      return;
    }
    // An OCTET STRING that is itself DER (the safe contents, the bags): walked too.
    if (
      universal(node, Type.OCTETSTRING) &&
      typeof node.value === 'string' &&
      node.value.length > 2 &&
      node.value.charCodeAt(0) === 0x30
    ) {
      let inner: forge.asn1.Asn1 | null = null;
      try {
        inner = strictDer(node.value);
      } catch {
        inner = null;
      }
      if (inner) walk(inner, depth + 1);
    }
  };
  let root: forge.asn1.Asn1;
  try {
    root = strictDer(der.toString('binary'));
  } catch {
    throw new WrongPassphraseError();
  }
  walk(root, 0);
  return max;
}

/** Reads the certificate of an uploaded PKCS#12 with its passphrase (the upload path). */
export function readOfficialKey(p12: Buffer, passphrase: string): OfficialKey {
  if (p12MaxIterations(p12) > P12_MAX_ITERATIONS) throw new P12TooComplexError();
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))),
      passphrase,
    );
  } catch {
    throw new WrongPassphraseError();
  }
  const certOid = forge.pki.oids.certBag!;
  const keyOid = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const bags = parsed.getBags({ bagType: certOid })[certOid] ?? [];
  const keyBags = parsed.getBags({ bagType: keyOid })[keyOid] ?? [];
  const cert = bags[0]?.cert;
  if (!cert || !keyBags[0]?.key) throw new Error('PKCS#12 tanpa sertifikat atau kunci');
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    p12,
    subject: cert.subject.attributes
      .map((a: { name?: string; type?: string; value?: unknown }) => `${a.name ?? a.type}=${String(a.value)}`)
      .join(', '),
    fingerprint: createHash('sha256').update(der).digest('hex'),
    validUntil: cert.validity.notAfter,
  };
}

export interface OfficialIdentity {
  nama: string;
  nip: string;
  jabatan: string;
  instansi: string;
}

/**
 * A new RSA-3072 key and a self-signed certificate for an official, packed as PKCS#12 protected by
 * the official's passphrase (the server never keeps the passphrase). The key pair comes from
 * Node's crypto (OpenSSL: tens of milliseconds, where node-forge's JavaScript took seconds).
 */
export function createOfficialKey(official: OfficialIdentity, passphrase: string, now: Date, years = 5): OfficialKey {
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: 3072,
    publicExponent: 0x10001,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + years * 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: official.nama },
    { name: 'serialNumber', value: official.nip },
    { name: 'title', value: official.jabatan.slice(0, 64) },
    { name: 'organizationName', value: official.instansi.slice(0, 64) },
    { name: 'countryName', value: 'ID' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: official.nama,
  });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    p12,
    subject: attrs.map((a) => `${a.name}=${a.value}`).join(', '),
    fingerprint: createHash('sha256').update(der).digest('hex'),
    validUntil: cert.validity.notAfter,
  };
}

/** What the check process answers for task 'p12' (dates and bytes cross the process boundary). */
export type P12Outcome =
  | { ok: true; p12: Uint8Array; subject: string; fingerprint: string; validUntil: string }
  | { ok: false; refused: 'passphrase' | 'invalid' | 'too_complex' };

/** The request of task 'p12': open an uploaded file (bytes given), or create a key (no bytes). */
export interface P12Request {
  passphrase: string;
  create?: OfficialIdentity & { now: string };
}

/** Task 'p12' of the upload-check process. */
export function officialKeyTask(bytes: Buffer, request: P12Request): P12Outcome {
  try {
    const key = request.create
      ? createOfficialKey(request.create, request.passphrase, new Date(request.create.now))
      : readOfficialKey(bytes, request.passphrase);
    return {
      ok: true,
      p12: new Uint8Array(key.p12),
      subject: key.subject,
      fingerprint: key.fingerprint,
      validUntil: key.validUntil.toISOString(),
    };
  } catch (err) {
    if (err instanceof P12TooComplexError) return { ok: false, refused: 'too_complex' };
    if (err instanceof WrongPassphraseError) return { ok: false, refused: 'passphrase' };
    return { ok: false, refused: 'invalid' };
  }
}
