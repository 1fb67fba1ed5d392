// The office's time zone as both sides read it: the server's clock (server/domain/waktu-kantor.ts)
// and the screens' (web/lib/waktu-kantor.ts). A module of its own with nothing imported.

/** The office's zone unless configured (OFFICE_TIMEZONE) or saved: Asia/Jayapura, WIT, Maluku Utara. */
export const DEFAULT_OFFICE_TIMEZONE = 'Asia/Jayapura';

// Indonesia's three zones by their IANA names (Permen ESDM / Keppres 41/1987): WIB, WITA, WIT.
/** A zone's Indonesian label by its IANA name. */
export const SINGKATAN_ZONA: Readonly<Record<string, string>> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Ujung_Pandang': 'WITA',
  'Asia/Jayapura': 'WIT',
};
