/** Query keys of the teacher screens; mutations invalidate by prefix. */
export const guruKeys = {
  list: ['guru-list'] as const,
  detail: (id: number) => ['guru', id] as const,
  master: (endpoint: string) => ['guru-master', endpoint] as const,
};

/** Master lists change rarely: kept for the session. */
export const MASTER_STALE = 30 * 60_000;
