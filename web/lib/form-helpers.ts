import type { z } from 'zod';

export { failureText } from './api-client.ts';
export { clearMarks } from './mark-field.ts';

/** An empty input ('' or undefined) as null, for optional fields. */
export const blankToNull = <T>(v: T | '' | undefined | null): T | null => (v === '' || v === undefined ? null : v);

/**
 * Which fields a contract body requires (required marks on required fields), read from
 * the schema itself so the marks follow the contract: a field whose rule refuses "nothing".
 */
export function requiredOf(schema: z.ZodType): (name: string) => boolean {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const required = new Set(
    Object.entries(shape)
      .filter(([, rule]) => !rule.safeParse(undefined).success)
      .map(([name]) => name),
  );
  return (name) => required.has(name);
}
