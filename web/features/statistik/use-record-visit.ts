import { useEffect } from 'react';
import dayjs from 'dayjs';
import { recordVisit } from './api/kunjungan.ts';

const KEY = 'sidasek.kunjungan';

/**
 * Counts the signed-in user's visit for "Statistik Kunjungan": one call per browser session and
 * day (the server keeps one row per user and day however often it is called).
 */
export function useRecordVisit(userId: number): void {
  useEffect(() => {
    const mark = `${userId}:${dayjs().format('YYYY-MM-DD')}`;
    if (sessionStorage.getItem(KEY) === mark) return;
    sessionStorage.setItem(KEY, mark);
    // A lost count is not worth bothering the user; the next session tries again.
    recordVisit().catch(() => sessionStorage.removeItem(KEY));
  }, [userId]);
}
