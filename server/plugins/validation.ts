import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { errors } from '../lib/errors.ts';

/** Parses `data` with a contract schema, or throws the 422 validation error. */
export function parseWith<T>(schema: ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    fieldErrors[field] ??= issue.message;
  }
  throw errors.validation(fieldErrors);
}

/**
 * Route schemas are zod schemas from contract/. A failure becomes a 422 whose message is the first
 * failing field's (fields are declared in the order SPEC §5 lists them) and whose data lists every
 * field's first message.
 */
export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    try {
      return { value: parseWith(schema as ZodType, data) };
    } catch (error) {
      return { error: error as Error };
    }
  });
  // Answers are plain objects we build ourselves; no response schemas to serialise against.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
