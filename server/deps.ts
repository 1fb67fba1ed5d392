import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStore } from './lib/file-store.ts';
import type { Signer } from './modules/kgb/signer.ts';
import type { BsreClient } from './modules/kgb/bsre-client.ts';

/** What the app is built from; every route module receives it (kept apart from app.ts so modules do not import the app). */
export interface AppDeps {
  config: Config;
  database: Database;
  files: FileStore;
  /** Signs KGB letters; when not given, the one of the configuration (config.signer, modules/kgb/signers.ts). */
  signer?: Signer;
  /** BSrE's Esign Client Service (SIGNER=bsre) for certificate status and verification; null with SIGNER=p12. */
  bsre?: BsreClient | null;
  /** The clock; tests move it to check expiry and throttling windows. */
  now: () => Date;
  /** Where log lines go (standard output when not given); tests read them to check for secrets. */
  logStream?: { write(line: string): void };
  /**
   * The process's own state, marked by server/main.ts: once a graceful shutdown begins,
   * /api/health/ready answers 503 so that a load balancer stops sending requests here.
   */
  lifecycle?: Lifecycle;
  /** How often the retention pass runs (server/modules/audit/retention.ts); tests shorten it. */
  retentionEveryMs?: number;
}

export interface Lifecycle {
  shuttingDown: boolean;
}
