import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStore } from './lib/file-store.ts';
import type { Signer } from './modules/kgb/signer.ts';
import type { BsreClient } from './modules/kgb/bsre-client.ts';
import type { SalaryTables } from './modules/kgb/kgb.repository.ts';
import type { WaktuKantor } from './domain/waktu-kantor.ts';

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
  /**
   * The office's zone and the calendar in it (server/domain/waktu-kantor.ts): this app's own,
   * made by buildApp from config.officeTimezone and then following the saved office profile.
   */
  waktu: WaktuKantor;
  /** This app's copy of the salary tables (server/modules/kgb/kgb.repository.ts), made by buildApp. */
  salaryTables: SalaryTables;
  /** Where log lines go (standard output when not given); tests read them to check for secrets. */
  logStream?: { write(line: string): void };
  /**
   * The process's own state, marked by server/serve.ts: once a graceful shutdown begins,
   * /api/health/ready answers 503 so that a load balancer stops sending requests here.
   */
  lifecycle?: Lifecycle;
  /** How often the retention pass runs (server/modules/audit/retention.ts); tests shorten it. */
  retentionEveryMs?: number;
}

/**
 * What buildApp is given: AppDeps, where the per-app state it makes itself when not given (the
 * tests give theirs to look at it; decision 0060) may be left out.
 */
export type GivenDeps = Omit<AppDeps, 'waktu' | 'salaryTables'> & Partial<Pick<AppDeps, 'waktu' | 'salaryTables'>>;

export interface Lifecycle {
  shuttingDown: boolean;
}
