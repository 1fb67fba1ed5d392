import { DEFAULT_OFFICE_TIMEZONE, SINGKATAN_ZONA } from '#contract/zona-waktu.ts';
import { useAppConfig } from './app-config.ts';
import { MONTHS, MONTHS_SHORT } from './format.ts';

// The office's clock on screen: every date and time is the office's (its IANA zone from GET
// api/config), labelled with its zone (WIT, WITA, WIB) as the letters print it, whatever zone the
// browser is in. The server's side of the same clock is server/domain/waktu-kantor.ts.

/** Until api/config answers: the server's default office zone. */
let zone: string = DEFAULT_OFFICE_TIMEZONE;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Sets the office's zone (from api/config); an unknown name keeps the current one. */
export function setZonaKantor(tz: string | null | undefined): void {
  if (!tz) return;
  try {
    formatterOf(tz);
    zone = tz;
  } catch {
    // A zone this browser does not know: keep the default rather than the browser's own.
  }
}

/** The office's IANA zone. */
export const zonaKantor = (): string => zone;

/** The zone as Indonesian readers name it: WIB, WITA, WIT (or the IANA name of another zone). */
export const singkatanZona = (tz: string = zone): string => SINGKATAN_ZONA[tz] ?? tz;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: string;
  minute: string;
  second: string;
}

function partsOf(value: string | Date, tz: string): Parts | null {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const p: Record<string, string> = {};
  for (const part of formatterOf(tz).formatToParts(d)) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
  };
}

export interface WaktuOptions {
  /** 'D MMMM YYYY' (default, as the letters) or 'D MMM YYYY' (tables). */
  bulan?: 'panjang' | 'pendek';
  /** With seconds (the audit log's detail). */
  detik?: boolean;
  /** '14.05' as the letters print it (default) or '14:05'. */
  pemisah?: '.' | ':';
  /** Without the zone's label (where a column header names it). */
  tanpaZona?: boolean;
  /** Another zone than the office's (a check of a letter signed elsewhere). */
  zona?: string;
}

/**
 * An instant as the office reads it: '27 November 2026 12.43 WIT'. An unreadable value is
 * returned as it is.
 */
export function formatWaktuKantor(value: string | Date, o: WaktuOptions = {}): string {
  const tz = o.zona ?? zone;
  const p = partsOf(value, tz);
  if (!p) return String(value);
  const sep = o.pemisah ?? '.';
  const month = (o.bulan === 'pendek' ? MONTHS_SHORT : MONTHS)[p.month - 1];
  const time = `${p.hour}${sep}${p.minute}${o.detik ? `${sep}${p.second}` : ''}`;
  return `${p.day} ${month} ${p.year} ${time}${o.tanpaZona ? '' : ` ${singkatanZona(tz)}`}`;
}

/** The office's calendar date of an instant: '27 November 2026' (or 'D MMM YYYY' with bulan 'pendek'). */
export function formatTanggalKantor(value: string | Date, o: Pick<WaktuOptions, 'bulan' | 'zona'> = {}): string {
  const p = partsOf(value, o.zona ?? zone);
  if (!p) return String(value);
  return `${p.day} ${(o.bulan === 'pendek' ? MONTHS_SHORT : MONTHS)[p.month - 1]} ${p.year}`;
}

/**
 * The office's zone for a screen that shows times: reads api/config (cached) so the screen draws
 * again with the office's zone once it is known. Returns the zone's label (WIT, WITA, WIB).
 */
export function useZonaKantor(): string {
  const config = useAppConfig();
  setZonaKantor(config.data?.zona_waktu);
  return singkatanZona();
}
