import type { FormInstance } from 'antd';
import { MSG } from '#contract/messages.ts';
import { ApiError } from './api-client.ts';

// One form pattern for every form: all problems at once, each at its field and named by the
// field's label (never a database column), the cursor in the first one on screen. The list above
// the form keeps the messages in screen order; markField (mark-field.ts) is the one-field case.

/** Field → message, as the contract's checks and the API's 422 answer (`data.errors`) give them. */
export type Problems = Record<string, string>;

/** The control of a field: antd gives it the field's name as its id (`<prefix>_<name>` in a named form). */
function controlOf(name: string, idPrefix?: string): HTMLElement | null {
  const id = idPrefix ? `${idPrefix}_${name}` : name;
  return document.getElementById(id) ?? document.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
}

/** The label the screen gives a field: its `<label for>`, else the label of its form item. */
function labelOf(name: string, control: HTMLElement | null, idPrefix?: string): string | null {
  const id = idPrefix ? `${idPrefix}_${name}` : name;
  const own = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`);
  const item = control?.closest('.ant-form-item');
  // Without what the label adds in brackets ("(tanpa gelar)", "(opsional)", a photo's formats).
  const text = (own ?? item?.querySelector('.ant-form-item-label label'))?.textContent
    ?.replace(/\s*\([^)]*\)\s*$/, '')
    .trim();
  return text || null;
}

/**
 * A message as the screen says it: a column name the API's message carries (SPEC keeps the API's
 * words, e.g. "diklat_penyelenggara tidak boleh Kosong") becomes the field's label.
 */
export function withLabel(message: string, name: string, label: string | null): string {
  if (!label) return message;
  // "nama tidak boleh Kosong", "tanggal lahir tidak boleh Kosong": the API's lower-case name of the
  // field opens the message; the field's label takes its place.
  const named = SUBJECT.exec(message);
  if (named) return `${label}${message.slice(named[1]!.length)}`;
  // "… diklat_penyelenggara …": a column name anywhere (a word with an underscore is never Indonesian).
  if (name.includes('_') && message.includes(name)) return message.split(name).join(label);
  return message;
}

/**
 * A message that opens with a lower-case field name (its first word lower-case: "nama Ruangan",
 * "luas lahan asal"), then what is wrong with it.
 */
const SUBJECT =
  /^([a-z][a-z_]*(?: [A-Za-z][a-z_]*){0,2}) (?:tidak boleh|harus|maksimal|minimal|tidak valid|tidak sesuai|sudah)/;

export interface ShowOptions {
  /** The form's `name` prop, when it has one (antd prefixes the ids with it). */
  idPrefix?: string;
  /** Fields drawn outside the form's store (a photo picker): the caller marks them itself. */
  outside?: readonly string[];
}

/**
 * Shows every problem at its field with the field's label, puts the cursor in the first one on
 * screen (scrolled into view) and answers the messages in screen order for the form's list (and by
 * field, for the fields a screen marks itself).
 */
export function showProblems(
  form: FormInstance | null,
  problems: Problems,
  o: ShowOptions = {},
): { list: string[]; byField: Problems } {
  const entries = Object.entries(problems).map(([name, message], index) => {
    const control = controlOf(name, o.idPrefix);
    return { name, control, index, message: withLabel(message, name, labelOf(name, control, o.idPrefix)) };
  });
  // Screen order: the order the fields stand on the page; fields not found keep the given order, last.
  entries.sort((a, b) => {
    if (a.control && b.control)
      return a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    if (a.control || b.control) return a.control ? -1 : 1;
    return a.index - b.index;
  });
  if (form) {
    const outside = new Set(o.outside ?? []);
    const inForm = entries.filter((e) => !outside.has(e.name) && e.control);
    if (inForm.length) form.setFields(inForm.map((e) => ({ name: e.name, errors: [e.message] })));
  }
  const first = entries.find((e) => e.control);
  if (first?.control) {
    first.control.focus({ preventScroll: true });
    first.control.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
  }
  return { list: entries.map((e) => e.message), byField: Object.fromEntries(entries.map((e) => [e.name, e.message])) };
}

/**
 * The problems of a contract schema's check by field: the first message of each field, in the
 * schema's order (a field of the body the form does not draw keeps its message for the list).
 */
export function problemsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Problems {
  const out: Problems = {};
  for (const issue of issues) {
    const name = issue.path.length ? String(issue.path[0]) : '';
    out[name] ??= issue.message;
  }
  return out;
}

/** The problems of some fields only (those a screen marks itself, such as a file picker). */
export function onlyOf(problems: Problems, names: readonly string[]): Problems {
  return Object.fromEntries(Object.entries(problems).filter(([name]) => names.includes(name)));
}

/** Clears the marks showProblems gave (before a new check). */
export function clearProblems(form: FormInstance): void {
  const marked = form.getFieldsError().filter((f) => f.errors.length);
  if (marked.length) form.setFields(marked.map((f) => ({ name: f.name, errors: [] })));
}

/** Whether a failed request failed for the network (offline, connection cut), not the server's answer. */
export function isOffline(err: unknown): boolean {
  return (err instanceof ApiError && err.isNetwork) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** What the form says when a save could not reach the server: what was typed stays. */
export const OFFLINE_SAVE =
  'Perangkat sedang offline: data belum terkirim. Isian Anda tetap ada; kirim lagi setelah sambungan internet kembali.';
/** The same when the device has a network but the server did not answer. */
export const UNSENT_SAVE =
  'Sambungan ke server terputus: data belum terkirim. Isian Anda tetap ada; kirim lagi setelah sambungan kembali (check your connection).';

/** The message of a save that did not reach the server (isOffline): offline device or a cut connection. */
export const unsentMessage = (): string =>
  typeof navigator !== 'undefined' && navigator.onLine === false ? OFFLINE_SAVE : UNSENT_SAVE;

/**
 * The problems of a failed save: the API's field messages (422) by field, any other refusal as
 * its message, a network failure as the offline message.
 */
export function problemsOfSave(err: unknown): { fields: Problems; general: string[]; offline: boolean } {
  if (isOffline(err)) return { fields: {}, general: [unsentMessage()], offline: true };
  if (err instanceof ApiError) {
    const errs = (err.data as { errors?: Problems } | null)?.errors;
    if (errs && Object.keys(errs).length) return { fields: errs, general: [], offline: false };
    return { fields: {}, general: [err.message], offline: false };
  }
  return { fields: {}, general: [MSG.checkConnection], offline: false };
}
