import type { TingkatKantor } from './kantor-values.ts';

/**
 * GET api/config (public): what the browser needs before or after login. One type for the server
 * and the one hook that reads it (web/lib/app-config.ts). Without zod: the screens import it.
 */
export interface MapConfig {
  tileUrl: string;
  attribution: string;
  center: [number, number];
  zoom: number;
}

/** The office the installation serves: the school and region defaults follow it. */
export interface KantorConfig {
  tingkat: TingkatKantor;
  wilayah: string;
  /** The office's region in the Kemendagri table ("82" a province, "82.71" a city), or null if its name is not found there. */
  kode_wilayah: string | null;
  /** The school levels an office of this level manages (docs/domain/data-guru.md, UU 23/2014). */
  jenjang: string[];
}

export interface AppConfig {
  map: MapConfig;
  kantor: KantorConfig | null;
  /**
   * How KGB letters are signed (docs/domain/tanda-tangan.md): 'p12', the office's own keys (an
   * uncertified signature), or 'bsre', BSrE's certified signature. Absent from older servers: 'p12'.
   */
  penandatangan?: 'p12' | 'bsre';
  /**
   * The office seals the nominative list and cancellation notices with its institutional seal at
   * BSrE (SIGNER=bsre with BSRE_SEAL_ID_SUBSCRIBER; docs/domain/tanda-tangan.md): the dialogs ask
   * for the seal's TOTP instead of the official's passphrase. Absent from older servers: false.
   */
  segel?: boolean;
  /**
   * The office's time zone (IANA: Asia/Jayapura, Asia/Makassar, Asia/Jakarta): every date and time
   * on screen is the office's, labelled WIT, WITA or WIB as the letters (web/lib/waktu-kantor.ts).
   * Absent from older servers: the default, Asia/Jayapura.
   */
  zona_waktu?: string;
}

/** SPEC §9: default centre 1.588623, 127.657952, zoom 8, OpenStreetMap tiles. */
export const DEFAULT_MAP: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  center: [1.588623, 127.657952],
  zoom: 8,
};
