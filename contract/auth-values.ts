// Values of the sign-in contract without its schemas (and zod): screens read them before the
// schemas are loaded.

/** ASVS 4.0.3 2.1.1; the server also refuses common passwords (server/domain/password-policy.ts). */
export const PASSWORD_MIN_LENGTH = 12;
