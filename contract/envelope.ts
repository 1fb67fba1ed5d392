/** Every answer of the API: `diagnostic.status` equals the HTTP status (200 = success). */
export interface Diagnostic {
  status: number;
  message: string;
  /** Stable machine-readable code of an error, e.g. `auth.invalid_credentials`. */
  code?: string;
}

export interface Envelope<T> {
  diagnostic: Diagnostic;
  data: T;
}

/** Body of a validation failure: every failing field with its message, first failing field first. */
export interface ValidationErrorData {
  errors: Record<string, string>;
}

export const SUCCESS_STATUS = 200;
