import { MSG } from '#contract/messages.ts';

/** A declared error: the error handler writes it as the envelope with HTTP status = `status`. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    data: unknown = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.data = data;
    this.headers = headers;
  }
}

export const errors = {
  unauthenticated: () => new AppError(401, 'auth.unauthenticated', MSG.unauthenticated),
  invalidCredentials: () => new AppError(401, 'auth.invalid_credentials', MSG.loginFailed),
  accountInactive: () => new AppError(403, 'auth.account_inactive', MSG.accountInactive),
  loginThrottled: (retryAfterSeconds: number) =>
    new AppError(429, 'auth.throttled', MSG.loginThrottled(Math.max(1, Math.ceil(retryAfterSeconds / 60))), null, {
      'retry-after': String(retryAfterSeconds),
    }),
  forbidden: (message: string = MSG.forbidden) => new AppError(403, 'auth.forbidden', message),
  passwordChangeRequired: () => new AppError(403, 'auth.password_change_required', MSG.passwordChangeRequired),
  notFound: (message: string = MSG.notFound) => new AppError(404, 'not_found', message),
  conflict: (code: string, message: string) => new AppError(409, code, message),
  validation: (errs: Record<string, string>) => {
    const first = Object.values(errs)[0] ?? MSG.validationFailed;
    return new AppError(422, 'validation', first, { errors: errs });
  },
};
