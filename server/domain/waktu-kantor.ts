// The office's clock: one "today" and one time of day, in the office's time zone
// (OFFICE_TIMEZONE, default Asia/Jayapura = WIT, Maluku Utara). KGB due dates, letter dates,
// signature stamps, the dashboard and the statistics all read the calendar from here, never from
// the server's UTC. The zone is set once at start (buildApp); one installation serves one office.

export const DEFAULT_OFFICE_TIMEZONE = 'Asia/Jayapura';

// Indonesia's three zones by their IANA names (Permen ESDM / Keppres 41/1987): WIB, WITA, WIT.
const ABBREVIATIONS: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Ujung_Pandang': 'WITA',
  'Asia/Jayapura': 'WIT',
};

let zone = DEFAULT_OFFICE_TIMEZONE;
let ymd = formatterFor(zone);
let hm = timeFormatterFor(zone);

function formatterFor(tz: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
}
function timeFormatterFor(tz: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** Whether `tz` is a time zone this runtime knows (an IANA name such as Asia/Makassar). */
export function isTimeZone(tz: string): boolean {
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** Sets the office's zone (at start, from the configuration). */
export function setZonaKantor(tz: string): void {
  if (!isTimeZone(tz)) throw new Error(`Zona waktu tidak dikenal: ${tz}`);
  zone = tz;
  ymd = formatterFor(tz);
  hm = timeFormatterFor(tz);
}

/** The office's IANA zone, for SQL (`at time zone`). */
export const zonaKantor = (): string => zone;

/** Today's date (YYYY-MM-DD) in the office's zone. */
export function hariIni(now: Date): string {
  return ymd.format(now);
}

/** The zone as Indonesian readers name it: WIB, WITA, WIT, or UTC+n elsewhere. */
export function singkatanZona(now: Date = new Date()): string {
  const known = ABBREVIATIONS[zone];
  if (known) return known;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now);
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return offset.replace('GMT', 'UTC');
}

/** The office's time of day as letters print it: "14.05 WIT". */
export function jamKantor(now: Date): string {
  return `${hm.format(now).replace(':', '.')} ${singkatanZona(now)}`;
}
