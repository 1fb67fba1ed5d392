// Password rules for passwords people choose (issue 23.4; OWASP ASVS 4.0.3 2.1.1, 2.1.7; NIST SP
// 800-63B 5.1.1.2): at least 12 characters, not a common or guessable password, not the username.
// The list ships with the application (no network needed): 49,233 common passwords of
// @zxcvbn-ts/language-common (MIT), plus words Indonesian users pick and this office's own names.
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '#contract/auth.ts';


// Common Indonesian choices and the names of this system and office (checked like the list).
const LOCAL = [
  'bismillah', 'alhamdulillah', 'assalamualaikum', 'indonesia', 'indonesiaraya', 'merdeka', 'sayang', 'sayangku', 'cintaku',
  'rahasia', 'rahasiaku', 'katasandi', 'passwordku', 'sandiku', 'admin', 'administrator', 'operator', 'sekolah', 'guru',
  'dinas', 'dinaspendidikan', 'pendidikan', 'disdik', 'dikbud', 'sidasek', 'ternate', 'malukuutara', 'tidore', 'halmahera',
  'pancasila', 'garuda', 'jakarta', 'kgb',
];

const COMMON = new Set([...dictionary['passwords-common'], ...LOCAL].map((p) => p.toLowerCase()));

/**
 * Why a new password is refused, or null. `username` is the account's (an NPSN for operators).
 * A common word followed or preceded only by digits and symbols ("password1234", "2024bismillah")
 * counts as common, and so does one character repeated or a run of the keyboard or digits.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password baru minimal ${PASSWORD_MIN_LENGTH} karakter`;
  const lower = password.toLowerCase();
  if (username && lower.includes(username.toLowerCase())) return 'Password baru tidak boleh memuat username';
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  const guessable =
    COMMON.has(lower) ||
    (core.length >= 3 && COMMON.has(core)) ||
    /^(.)\1+$/.test(lower) ||
    '01234567890123456789'.includes(lower) ||
    '98765432109876543210'.includes(lower) ||
    'qwertyuiopasdfghjklzxcvbnm'.includes(lower);
  return guessable ? 'Password baru terlalu umum dan mudah ditebak; pilih password lain' : null;
}
