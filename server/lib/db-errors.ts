/** The PostgreSQL error code of a failed query, looking through drizzle's wrapper. */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return (
    (typeof e?.code === 'string' ? e.code : undefined) ??
    (typeof e?.cause?.code === 'string' ? e.cause.code : undefined)
  );
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
