import { useState } from 'react';
import type { FormInstance } from 'antd';
import { clearProblems, onlyOf, problemsOfIssues, problemsOfSave, showProblems, type Problems, type ShowOptions } from './form-problems.ts';

/** What a contract schema answers (zod's safeParse), without importing zod here. */
interface Checked<T> {
  success: boolean;
  data?: T;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

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
  const outside = o.outside ?? [];

  const show = (problems: Problems) => {
    const shown = showProblems(form, problems, o);
    setErrors(shown.list);
    setOutsideProblems(onlyOf(shown.byField, outside));
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
    check<T>(schema: { safeParse(v: unknown): Checked<T> }, body: unknown, more: Problems = {}): T | null {
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
    },
    /** A failed save: the server's field messages at their fields, else its message (offline: that it is offline). */
    failed(err: unknown) {
      const p = problemsOfSave(err);
      if (Object.keys(p.fields).length) show(p.fields);
      else {
        setErrors(p.general);
        setOutsideProblems({});
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
