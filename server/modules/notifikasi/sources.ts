import type { Db } from '../../db/client.ts';
import type { Notifikasi } from '#contract/notifikasi.ts';

/**
 * The notices page's notices worked out when asked belong to the modules of their subject (KGB,
 * promotion, retirement), and those modules write their stored notices through this module's store:
 * so this module never imports them. server/routes.ts hands them to the page (`notifikasiRoutes`).
 */

/** Notices of one school worked out when asked, on `today` (YYYY-MM-DD). */
export type NoticeSource = (db: Db, npsn: string, today: string, retirementAge: number) => Promise<Notifikasi[]>;

/**
 * The school's KGB month notices, with the teachers they count (`inMonth`) and those, of the due
 * teachers and of the teachers of the stored KGB notices (`storedIds`), whose draft stands sent
 * back to the school (`sentBack`).
 */
export type KgbNotices = (
  db: Db,
  npsn: string,
  today: string,
  retirementAge: number,
  storedIds: number[],
) => Promise<{ notices: Notifikasi[]; sentBack: Set<number>; inMonth: Set<number> }>;

export interface NoticeSources {
  kgb: KgbNotices;
  /** After the KGB months, in this order: next month's promotion period, retirement reminders. */
  later: NoticeSource[];
}
