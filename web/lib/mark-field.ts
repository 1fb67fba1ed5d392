import type { FormInstance } from 'antd';

/**
 * Marks the failing field with its message and puts the cursor in it: the form's list
 * of errors keeps the SPEC text, and the field says which one it is. The mark goes when the field
 * changes.
 */
export function markField(form: FormInstance, field: string | undefined, message: string): void {
  if (!field) return;
  form.setFields([{ name: field, errors: [message] }]);
  form.focusField(field);
  // Controls that give the form no ref are found by the id Form.Item gives them (the field's name).
  const el = document.getElementById(field);
  if (el && document.activeElement !== el) el.focus();
}

/** A form's `onValuesChange`: a changed field loses the mark markField gave it. */
export const clearMarks = (form: FormInstance) => (changed: object) => {
  for (const name of Object.keys(changed)) if (form.getFieldError(name).length) form.setFields([{ name, errors: [] }]);
};
