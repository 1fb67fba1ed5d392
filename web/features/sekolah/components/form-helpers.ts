import type { z } from 'zod';
import type { App } from 'antd';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isOffline, unsentMessage } from '../../../lib/form-problems.ts';

/**
 * Checks `values` with a contract schema; gives the parsed body, or the first failing message only
 * (SPEC §5) and the field it belongs to.
 */
export function checkFirst<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; error: string; field?: string } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, data: r.data };
  const first = r.error.issues[0];
  return { ok: false, error: first?.message ?? MSG.validationFailed, field: typeof first?.path[0] === 'string' ? first.path[0] : undefined };
}

/** The messages a failed save shows in its form (SPEC §8); a network failure also gets the alert. */
export function saveErrors(err: unknown, modal?: ReturnType<typeof App.useApp>['modal']): string[] {
  if (err instanceof ApiError && !err.isNetwork) return err.fieldErrors;
  if (isOffline(err)) return [unsentMessage()];
  modal?.error({ title: 'Gagal', content: MSG.checkConnection, okText: 'OK' });
  return [MSG.checkConnection];
}

export { failureText } from '../../../lib/api-client.ts';
export { clearMarks, markField } from '../../../lib/mark-field.ts';

/** An empty input ('' or undefined) as null, for optional fields. */
export const blankToNull = <T,>(v: T | '' | undefined | null): T | null => (v === '' || v === undefined ? null : v);

/**
 * Which fields a contract body requires (required marks on required fields), read from
 * the schema itself so the marks follow the contract: a field whose rule refuses "nothing".
 */
export function requiredOf(schema: z.ZodType): (name: string) => boolean {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const required = new Set(Object.entries(shape).filter(([, rule]) => !rule.safeParse(undefined).success).map(([name]) => name));
  return (name) => required.has(name);
}
