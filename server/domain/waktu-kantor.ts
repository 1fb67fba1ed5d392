// The office's clock: one "today" and one time of day, in the office's time zone
// (OFFICE_TIMEZONE, default Asia/Jayapura = WIT, Maluku Utara; a saved office profile wins). KGB
// due dates, letter dates, signature stamps, the dashboard and the statistics all read the calendar
// in that zone, never in the server's UTC. The functions here are pure (they take the zone); the
// zone belongs to an app (`waktuKantor`, carried in AppDeps as `waktu`), so that two apps in one
// process (the tests; decision 0060) never see each other's zone.

import { DEFAULT_OFFICE_TIMEZONE, SINGKATAN_ZONA } from '#contract/zona-waktu.ts';

export { DEFAULT_OFFICE_TIMEZONE };

// Formatters are costly to make and a month run asks for thousands of dates: one per zone, kept.
/** The formatter of `locale` and `options` in a zone: made on the first ask for that zone, then kept. */
function perZone(locale: string, options: Intl.DateTimeFormatOptions): (tz: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (tz) => {
    let f = made.get(tz);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: tz });
      made.set(tz, f);
    }
    return f;
  };
}

const formatterFor = perZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormatterFor = perZone('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Whether `tz` is a time zone this runtime knows (an IANA name such as Asia/Makassar). */
export function isTimeZone(tz: string): boolean {
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** The date (YYYY-MM-DD) of `now` in zone `tz`. */
export function hariIni(now: Date, tz: string): string {
  return formatterFor(tz).format(now);
}

/** Zone `tz` as Indonesian readers name it: WIB, WITA, WIT, or UTC+n elsewhere. */
export function singkatanZona(tz: string, now: Date = new Date()): string {
  const known = SINGKATAN_ZONA[tz];
  if (known) return known;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'shortOffset' }).formatToParts(now);
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return offset.replace('GMT', 'UTC');
}

/** The time of day of `now` in zone `tz` as letters print it: "14.05 WIT". */
export function jamKantor(now: Date, tz: string): string {
  return `${timeFormatterFor(tz).format(now).replace(':', '.')} ${singkatanZona(tz, now)}`;
}

/** One app's office clock: its zone (the configuration's, then the saved profile's) and the calendar in it. */
export interface WaktuKantor {
  /** The office's IANA zone, for SQL (`at time zone`). */
  zona(): string;
  /** Sets the zone (at start from the configuration, then from the office profile). */
  setZona(tz: string): void;
  /** The date (YYYY-MM-DD) of `now` in the office's zone: "today" when `now` is the app's clock. */
  hariIni(now: Date): string;
  /** The office's time of day: "14.05 WIT". */
  jam(now: Date): string;
  /** The zone as Indonesian readers name it. */
  singkatan(now?: Date): string;
}

/** An office clock in zone `tz`. */
export function waktuKantor(tz: string = DEFAULT_OFFICE_TIMEZONE): WaktuKantor {
  const check = (z: string) => {
    if (!isTimeZone(z)) throw new Error(`Zona waktu tidak dikenal: ${z}`);
    return z;
  };
  let zone = check(tz);
  return {
    zona: () => zone,
    setZona(z) {
      zone = check(z);
    },
    hariIni: (now) => hariIni(now, zone),
    jam: (now) => jamKantor(now, zone),
    singkatan: (now) => singkatanZona(zone, now),
  };
}
