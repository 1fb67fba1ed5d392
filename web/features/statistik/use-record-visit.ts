import { useEffect } from 'react';
import { recordVisit } from './api/kunjungan.ts';

const KEY = 'sidasek.kunjungan';

/**
 * Counts the signed-in user's visit for "Statistik Kunjungan": one call per browser session and
 * day (the server keeps one row per user and day however often it is called).
 */
export function useRecordVisit(userId: number): void {
  useEffect(() => {
    const now = new Date();
    const mark = `${userId}:${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    if (sessionStorage.getItem(KEY) === mark) return;
    sessionStorage.setItem(KEY, mark);
    // A lost count is not worth bothering the user; the next session tries again.
    recordVisit().catch(() => sessionStorage.removeItem(KEY));
  }, [userId]);
}
