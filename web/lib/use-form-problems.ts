import { useState } from 'react';
import type { FormInstance } from 'antd';
import { MSG } from '#contract/messages.ts';
import { ApiError, failureText } from './api-client.ts';
import {
  clearProblems,
  isOffline,
  onlyOf,
  problemsOfIssues,
  problemsOfSave,
  showProblems,
  unsentMessage,
  type Problems,
  type ShowOptions,
} from './form-problems.ts';

/** What a contract schema answers (zod's safeParse), without importing zod here. */
interface Checked<T> {
  success: boolean;
  data?: T;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/** A contract schema (its `safeParse`). */
interface Schema<T> {
  safeParse(v: unknown): Checked<T>;
}

/** The field messages of a refused save (the API's 422 `data.errors`), none for any other failure. */
const fieldErrorsOf = (err: unknown): Problems =>
  (err instanceof ApiError ? (err.data as { errors?: Problems } | null)?.errors : undefined) ?? {};

/**
 * The one form pattern (form-problems.ts) as a hook for a form that checks its body with a
 * contract schema: every problem at once at its field with the field's label, the list above the
 * form in screen order, the cursor in the first; the server's 422 shown the same way.
 *
 * `outside` names fields drawn outside the form's store (a photo picker, the region picker): their
 * messages come back in `outsideProblems` for the screen to show at them.
 */
export function useFormProblems(form: FormInstance, o: ShowOptions = {}) {
  const [errors, setErrors] = useState<string[]>([]);
  const [outsideProblems, setOutsideProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const outside = o.outside ?? [];

  const show = (problems: Problems) => {
    const shown = showProblems(form, problems, o);
    setErrors(shown.list);
    setOutsideProblems(onlyOf(shown.byField, outside));
  };

  const check = <T>(schema: Schema<T>, body: unknown, more: Problems = {}): T | null => {
    clearProblems(form);
    const r = schema.safeParse(body);
    const problems = { ...(r.success ? {} : problemsOfIssues(r.error?.issues ?? [])), ...more };
    if (Object.keys(problems).length || !r.success) {
      show(problems);
      return null;
    }
    setErrors([]);
    setOutsideProblems({});
    return r.data as T;
  };

  const failed = (err: unknown) => {
    const p = problemsOfSave(err);
    if (Object.keys(p.fields).length) show(p.fields);
    else {
      setErrors(p.general);
      setOutsideProblems({});
    }
  };

  return {
    /** The messages of the list above the form. */
    errors,
    /** The messages of the fields outside the form's store, by field. */
    outsideProblems,
    /**
     * Checks a body with a contract schema (its `safeParse`) plus problems the screen found itself
     * (a missing file): the parsed body, or null once every problem is shown.
     */
    check,
    /** A failed save: the server's field messages at their fields, else its message (offline: that it is offline). */
    failed,
    /** Whether a checked save is being sent (save). */
    busy,
    /**
     * The checked save: checks the body with the contract schema (or with the schema a loader
     * brings, for a form drawn before zod is downloaded), then sends the checked body; a refusal
     * is shown like the check's problems. `send` also does what follows a save (its message, closing
     * the form); `refused` runs before a refusal is shown. Answers whether it was sent and saved.
     */
    async save<T>(
      schema: Schema<T> | (() => Promise<Schema<T>>),
      body: unknown,
      send: (checked: T) => Promise<unknown>,
      { more, refused }: { more?: Problems; refused?: (err: unknown) => void } = {},
    ): Promise<boolean> {
      let s: Schema<T>;
      try {
        s = typeof schema === 'function' ? await schema() : schema;
      } catch {
        setErrors([isOffline(null) ? unsentMessage() : MSG.checkConnection]);
        return false;
      }
      const checked = check(s, body, more);
      if (checked === null) return false;
      setBusy(true);
      try {
        await send(checked);
        return true;
      } catch (err) {
        refused?.(err);
        failed(err);
        return false;
      } finally {
        setBusy(false);
      }
    },
    /** A field outside the form's store changed: its mark goes. */
    clearOutside(name: string) {
      setOutsideProblems(({ [name]: _gone, ...rest }) => rest);
    },
    /** Shows messages in the list only (a failure before the check, such as the schema not loading). */
    setErrors,
  };
}

/** antd's rule for a text that must be filled (spaces alone are not), with its message. */
export const requiredText = (message: string) => [{ required: true, whitespace: true, message }];

/**
 * The save of a form checked by antd's own `rules`: the server's field messages (422) at their
 * fields, the cursor in the first; any other failure as one message (`error`) for the form's alert.
 * `fieldOf` names the form's field a server key belongs to, or null for a key the form does not draw.
 */
export function useSaveRefusal(form: FormInstance, fieldOf: (key: string) => string | null = (key) => key) {
  const [error, setError] = useState<string | null>(null);
  return {
    /** The message of the last failure that is not at a field. */
    error,
    /** Takes the last failure's message away (a new attempt). */
    clear: () => setError(null),
    /**
     * Sends (`send` also does what follows a save: its message, emptying the form). `refused` gets
     * the server's field messages first, and answers whether it showed some itself (a file picker).
     */
    async save(send: () => Promise<unknown>, refused?: (errors: Problems) => boolean): Promise<void> {
      setError(null);
      try {
        await send();
      } catch (err) {
        const errors = fieldErrorsOf(err);
        const own = refused?.(errors) ?? false;
        const known = Object.entries(errors).flatMap(([key, message]) => {
          const field = fieldOf(key);
          return field ? [[field, message] as const] : [];
        });
        // At the field with the field's label, the cursor in the first (form-problems.ts).
        if (known.length) showProblems(form, Object.fromEntries(known));
        else if (!own) setError(failureText(err));
      }
    },
  };
}
