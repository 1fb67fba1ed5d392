import path from 'node:path';
import { DEFAULT_OFFICE_TIMEZONE, isTimeZone } from './domain/waktu-kantor.ts';

/** Every setting the server reads from the environment, in one place (README lists them). */
export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A folder for the empty cluster new embedded databases start from (PGLITE_INITDB_CACHE; tests set it). */
  pgliteInitdbCache: string | undefined;
  /** Initial administrator password; required on a production start when no administrator exists. */
  adminPassword: string | undefined;
  /** Creates the demo schools and accounts on an empty database (never in production). */
  demoSeed: boolean;
  /** The demo signing official's passphrase (DEMO_PASSPHRASE; demo data only, never in production). */
  demoPassphrase: string;
  sessionIdleMinutes: number;
  /** Administrators hold every teacher's salary and identity data: a shorter idle time (ASVS 3.3.2). */
  sessionIdleMinutesAdmin: number;
  sessionAbsoluteHours: number;
  loginMaxPerAccount: number;
  loginMaxPerAddress: number;
  loginWindowMinutes: number;
  /**
   * Security events (audit log rows 'keamanan': logins, refusals, resets) older than this many days
   * are deleted by the retention pass every running process makes (server/modules/audit/retention.ts);
   * 0 keeps them for ever. Data changes in the audit log are never deleted by it.
   */
  securityLogRetentionDays: number;
  /**
   * Administrators must sign in with an authenticator code (TOTP): on by default in
   * production; an administrator without it reaches only its set-up until it is active.
   */
  totpWajibAdmin: boolean;
  /**
   * Which X-Forwarded-For entries to believe: false (none), a number of proxies in
   * front (1 for one nginx), or the proxies' addresses/CIDRs. Never "every hop": a client would
   * pick its own address.
   */
  trustProxy: false | number | string;
  logLevel: string;
  webDistDir: string;
  /** Map tiles (Leaflet URL template) and their attribution. */
  mapTileUrl: string;
  mapAttribution: string;
  /** Teachers' retirement age (BUP), UU 14/2005: 60. */
  retirementAge: number;
  /** The address people use to reach Sidasek, printed on letters for document verification. */
  publicUrl: string;
  /** PostgreSQL: connecting gives up after this long (the server is down: 503 at once). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: statements running longer are cancelled by the server; 0 means no limit. */
  dbStatementTimeoutMs: number;
  /**
   * How long a dashboard or statistics answer is reused (decisions 0008, 0010, 0013). A committed
   * change to a table behind a figure empties the cache of every process at once (LISTEN/NOTIFY,
   * decision 0039); this bounds how late a change shows when a notification is missed.
   */
  statCacheSeconds: number;
  /** SIGTERM/SIGINT: requests in progress get this long to finish before the process exits with 1. */
  shutdownTimeoutMs: number;
  /**
   * SIGTERM/SIGINT: for this long first, /api/health/ready answers 503 while requests are still
   * served, so that a balancer polling it stops sending any before the port closes (0: close at once).
   * Part of SHUTDOWN_TIMEOUT_MS, so it must be shorter.
   */
  shutdownDrainMs: number;
  /**
   * Prometheus metrics on a port of their own; undefined: no metrics, and nothing of
   * them on the request path.
   */
  metricsPort: number | undefined;
  /** The address the metrics port listens on: the loopback unless a scraper elsewhere needs it. */
  metricsHost: string;
  /** The office's time zone (IANA name): its calendar decides "today", letter dates and stamps. */
  officeTimezone: string;
  /**
   * Where uploaded files live (decision 0041): 'local' (DATA_DIR/files, the default on PGlite),
   * 'postgres' (in the database, the default with DATABASE_URL: every instance sees them) or 's3'.
   */
  fileStore: FileStoreChoice;
  /** Whether FILE_STORE was set, or the store follows from DATABASE_URL. */
  fileStoreExplicit: boolean;
  /** The S3-compatible bucket (FILE_STORE=s3); undefined otherwise. */
  s3: S3Config | undefined;
  /**
   * Who signs KGB letters (docs/domain/tanda-tangan.md): the office's own PKCS#12 keys ('p12', the
   * default and the demo) or BSrE's Esign Client Service ('bsre', a certified signature).
   */
  signer: SignerConfig;
  /**
   * Where background runs go on with PostgreSQL (PROSES_LATAR; server/lib/run-process.ts): the
   * teacher import, the KGB month's verification and signature. 'terpisah', each in a process of
   * its own at a lower CPU priority, so their work never holds this server's requests (the
   * default); 'server', inside this process (the tests' choice, and always on the embedded
   * database, which one process owns).
   */
  prosesLatar: 'terpisah' | 'server';
}

export type SignerConfig = { kind: 'p12' } | ({ kind: 'bsre' } & BsreConfig);

/** The office's Esign Client Service (SIGNER=bsre). */
export interface BsreConfig {
  /** http(s)://host:port of the Esign Client Service, without the /api path. */
  url: string;
  /** HTTP Basic credentials of Sidasek at the Esign Client Service. Never logged. */
  username: string;
  password: string;
  /** One signature request may take this long; past it the letter stays unsigned (unknown outcome, never retried). */
  signTimeoutMs: number;
  /** A certificate status request (officials page). */
  statusTimeoutMs: number;
  /** A verification request (public check page): verifying takes longer than signing. */
  verifyTimeoutMs: number;
  /** Letters of a monthly run signed at once. */
  concurrency: number;
  /** The office's institutional seal (segel) at BSrE, or undefined when it has none. */
  sealIdSubscriber: string | undefined;
}

export type FileStoreChoice = 'local' | 'postgres' | 's3';

export interface S3Config {
  /** http(s)://host:port of MinIO, Ceph RGW or another S3-compatible server; undefined: AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither; neither: the AWS SDK's own credential chain (instance role, ~/.aws). Never logged. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} harus bilangan bulat positif, bukan "${value}"`);
  return n;
}

function nonNegative(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} harus bilangan bulat 0 atau lebih, bukan "${value}"`);
  return n;
}

function port(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} harus nomor port 1–65535, bukan "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'ya'].includes(value.toLowerCase());
}

function trustProxy(value: string | undefined): false | number | string {
  const v = (value ?? '').trim();
  if (!v || ['0', 'false', 'no', 'tidak'].includes(v.toLowerCase())) return false;
  // The old boolean meant "trust every hop"; it now means one proxy, the usual nginx in front.
  if (['true', 'yes', 'ya'].includes(v.toLowerCase())) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length && list.every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s))) return list.join(',');
  throw new Error(
    `TRUST_PROXY harus false, jumlah proxy di depan Sidasek (mis. 1), atau alamat/CIDR proxy (mis. 10.0.0.1,10.0.0.0/8), bukan "${value}"`,
  );
}

/** HOST values that listen on every address: 0.0.0.0, ::, [::], ::0, 0:0:0:0:0:0:0:0. */
export function isEveryAddress(host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, '');
  return h === '0.0.0.0' || (h.includes(':') && /^[0:]+$/.test(h));
}

/**
 * A number of proxies says "believe that many X-Forwarded-For entries", whoever connects. Behind a
 * proxy on the same machine the port should listen on the loopback only; listening on every
 * address, a client reaching the port directly, past the proxy, would write its own entries and
 * pick its own address (login limits, audit). Refused unless the operator says the port is reachable
 * by the proxy alone (a firewall, a private network). Proxy addresses (TRUST_PROXY=10.0.0.1) name
 * whom to believe, so a direct client is not believed and any HOST is fine.
 */
function checkProxyHost(trust: false | number | string, host: string, anyHost: boolean): void {
  if (typeof trust !== 'number' || anyHost || !isEveryAddress(host)) return;
  throw new Error(
    [
      `TRUST_PROXY=${trust} (jumlah proxy) sementara HOST=${host} mendengarkan di semua alamat: klien yang menghubungi port ini langsung, tanpa lewat proxy, dapat memilih alamat IP-nya sendiri lewat X-Forwarded-For (batas login, log audit).`,
      'Pilih salah satu: HOST=127.0.0.1 (proxy di mesin yang sama), TRUST_PROXY=<alamat proxy> (mis. 10.0.0.1), atau TRUST_PROXY_ANY_HOST=true bila port ini memang hanya dapat dicapai proxy (firewall, jaringan privat).',
      `TRUST_PROXY=${trust} (a number of proxies) while HOST=${host} listens on every address: a client reaching this port directly, past the proxy, could pick its own IP address through X-Forwarded-For. Set HOST=127.0.0.1, give the proxy addresses in TRUST_PROXY, or set TRUST_PROXY_ANY_HOST=true if only the proxy can reach this port.`,
    ].join('\n'),
  );
}

/** The demo signing official's passphrase when DEMO_PASSPHRASE is not set (README; demo data only). */
export const DEFAULT_DEMO_PASSPHRASE = 'ttd-demo-2026';

/** The published demo passphrase unless the demo is given its own (at least 8 characters, as every passphrase). */
function demoPassphrase(value: string | undefined): string {
  if (!value) return DEFAULT_DEMO_PASSPHRASE;
  if (value.length < 8) throw new Error('DEMO_PASSPHRASE minimal 8 karakter');
  return value;
}

function fileStoreChoice(
  value: string | undefined,
  databaseUrl: string | undefined,
): { fileStore: FileStoreChoice; fileStoreExplicit: boolean } {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return { fileStore: databaseUrl ? 'postgres' : 'local', fileStoreExplicit: false };
  if (v === 'local' || v === 'postgres' || v === 's3') return { fileStore: v, fileStoreExplicit: true };
  throw new Error(`FILE_STORE harus local, postgres atau s3, bukan "${value}"`);
}

function s3Config(env: NodeJS.ProcessEnv): S3Config {
  const bucket = (env.S3_BUCKET ?? '').trim();
  // S3's bucket naming rules; also keeps anything odd out of request paths.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(
      `FILE_STORE=s3 memerlukan S3_BUCKET berupa nama bucket yang sah (3–63 huruf kecil, angka, titik, tanda hubung), bukan "${bucket}"`,
    );
  const endpoint = (env.S3_ENDPOINT ?? '').trim() || undefined;
  if (endpoint) {
    if (!isPlainHttpUrl(endpoint)) {
      throw new Error(
        'S3_ENDPOINT harus alamat http:// atau https:// tanpa nama pengguna dan sandi (mis. http://127.0.0.1:9000)',
      );
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID dan S3_SECRET_ACCESS_KEY harus diisi keduanya atau tidak sama sekali');
  return {
    endpoint,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
  };
}

/** An http:// or https:// address without a user name or password in it (a service's endpoint). */
function isPlainHttpUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
}

function bsreConfig(env: NodeJS.ProcessEnv): BsreConfig {
  const url = (env.BSRE_URL ?? '').trim().replace(/\/+$/, '');
  if (!isPlainHttpUrl(url)) {
    throw new Error(
      'SIGNER=bsre memerlukan BSRE_URL berupa alamat http:// atau https:// Esign Client Service tanpa nama pengguna dan sandi (mis. http://10.1.2.3:8080)',
    );
  }
  const username = env.BSRE_USERNAME ?? '';
  const password = env.BSRE_PASSWORD ?? '';
  if (!username || !password)
    throw new Error('SIGNER=bsre memerlukan BSRE_USERNAME dan BSRE_PASSWORD (akun aplikasi di Esign Client Service)');
  const concurrency = int('BSRE_CONCURRENCY', env.BSRE_CONCURRENCY, 4);
  if (concurrency > 16) throw new Error(`BSRE_CONCURRENCY paling banyak 16, bukan "${env.BSRE_CONCURRENCY}"`);
  return {
    url,
    username,
    password,
    signTimeoutMs: int('BSRE_TIMEOUT_MS', env.BSRE_TIMEOUT_MS, 60_000),
    statusTimeoutMs: int('BSRE_STATUS_TIMEOUT_MS', env.BSRE_STATUS_TIMEOUT_MS, 10_000),
    verifyTimeoutMs: int('BSRE_VERIFY_TIMEOUT_MS', env.BSRE_VERIFY_TIMEOUT_MS, 60_000),
    concurrency,
    sealIdSubscriber: (env.BSRE_SEAL_ID_SUBSCRIBER ?? '').trim() || undefined,
  };
}

function signerConfig(env: NodeJS.ProcessEnv): SignerConfig {
  const kind = (env.SIGNER ?? '').trim().toLowerCase() || 'p12';
  if (kind === 'p12') return { kind: 'p12' };
  if (kind === 'bsre') return { kind: 'bsre', ...bsreConfig(env) };
  throw new Error(`SIGNER harus p12 atau bsre, bukan "${env.SIGNER}"`);
}

function timeZone(value: string | undefined): string {
  if (!value) return DEFAULT_OFFICE_TIMEZONE;
  if (!isTimeZone(value))
    throw new Error(
      `OFFICE_TIMEZONE harus nama zona waktu IANA (mis. Asia/Jakarta, Asia/Makassar, Asia/Jayapura), bukan "${value}"`,
    );
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const appPort = int('PORT', env.PORT, 3000);
  const metricsPort = port('METRICS_PORT', env.METRICS_PORT);
  if (metricsPort === appPort)
    throw new Error(`METRICS_PORT harus berbeda dari PORT (${appPort}): metrik dilayani di port tersendiri`);
  const shutdownTimeoutMs = int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000);
  const shutdownDrainMs = nonNegative('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 0);
  if (shutdownDrainMs >= shutdownTimeoutMs)
    throw new Error(
      `SHUTDOWN_DRAIN_MS (${shutdownDrainMs}) harus lebih kecil dari SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs})`,
    );
  const stores = fileStoreChoice(env.FILE_STORE, env.DATABASE_URL || undefined);
  const host = env.HOST || '0.0.0.0';
  const proxies = trustProxy(env.TRUST_PROXY);
  checkProxyHost(proxies, host, bool(env.TRUST_PROXY_ANY_HOST, false));
  return {
    env: mode,
    port: appPort,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteInitdbCache: env.PGLITE_INITDB_CACHE ? path.resolve(env.PGLITE_INITDB_CACHE) : undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoSeed: mode === 'production' ? false : bool(env.DEMO_SEED, true),
    demoPassphrase: demoPassphrase(env.DEMO_PASSPHRASE),
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 120),
    sessionIdleMinutesAdmin: int('SESSION_IDLE_MINUTES_ADMIN', env.SESSION_IDLE_MINUTES_ADMIN, 30),
    sessionAbsoluteHours: int('SESSION_ABSOLUTE_HOURS', env.SESSION_ABSOLUTE_HOURS, 12),
    loginMaxPerAccount: int('LOGIN_MAX_PER_ACCOUNT', env.LOGIN_MAX_PER_ACCOUNT, 5),
    loginMaxPerAddress: int('LOGIN_MAX_PER_ADDRESS', env.LOGIN_MAX_PER_ADDRESS, 30),
    loginWindowMinutes: int('LOGIN_WINDOW_MINUTES', env.LOGIN_WINDOW_MINUTES, 15),
    securityLogRetentionDays: nonNegative('SECURITY_LOG_RETENTION_DAYS', env.SECURITY_LOG_RETENTION_DAYS, 365),
    trustProxy: proxies,
    totpWajibAdmin: bool(env.TOTP_WAJIB_ADMIN, mode === 'production'),
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(env.WEB_DIST_DIR || './dist/web'),
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: env.MAP_ATTRIBUTION || '&copy; kontributor OpenStreetMap',
    retirementAge: int('RETIREMENT_AGE', env.RETIREMENT_AGE, 60),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/$/, ''),
    dbConnectTimeoutMs: int('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, 1500),
    dbStatementTimeoutMs: nonNegative('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, 30_000),
    statCacheSeconds: int('STAT_CACHE_SECONDS', env.STAT_CACHE_SECONDS, 300),
    shutdownTimeoutMs,
    shutdownDrainMs,
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    officeTimezone: timeZone(env.OFFICE_TIMEZONE),
    ...stores,
    s3: stores.fileStore === 's3' ? s3Config(env) : undefined,
    signer: signerConfig(env),
    prosesLatar: prosesLatar(env.PROSES_LATAR, mode),
  };
}

function prosesLatar(value: string | undefined, mode: Config['env']): Config['prosesLatar'] {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return mode === 'test' ? 'server' : 'terpisah';
  if (v === 'terpisah' || v === 'server') return v;
  throw new Error(`PROSES_LATAR harus terpisah atau server, bukan "${value}"`);
}
