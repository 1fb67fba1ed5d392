// Password rules for passwords people choose (OWASP ASVS 4.0.3 2.1.1, 2.1.7; NIST SP
// 800-63B 5.1.1.2): at least 12 characters, not a common or guessable password, not the username.
// The list ships with the application (no network needed): 49,233 common passwords of
// @zxcvbn-ts/language-common (MIT), plus words Indonesian users pick and this office's own names.
// NIST SP 800-63B 5.1.1.2 names "repetitive or sequential characters" and "context-specific words,
// such as the name of the service" among what a verifier refuses: here a short pattern repeated
// (abcabcabcabc, 121212121212), runs of the alphabet, digits or keyboard, and passwords made only of
// the office's own words (its region, province, name, town and address: "Maluku Utara").
// Only the list of common passwords: the package's index also builds its keyboard graphs and the
// diceware list, 9 MB of heap (30 MB resident) this check never reads.
import commonPasswords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';
import { PASSWORD_MIN_LENGTH } from '#contract/auth.ts';

// Common Indonesian choices and the names of this system and office (checked like the list).
const LOCAL = [
  'bismillah',
  'alhamdulillah',
  'assalamualaikum',
  'indonesia',
  'indonesiaraya',
  'merdeka',
  'sayang',
  'sayangku',
  'cintaku',
  'rahasia',
  'rahasiaku',
  'katasandi',
  'passwordku',
  'sandiku',
  'admin',
  'administrator',
  'operator',
  'sekolah',
  'guru',
  'dinas',
  'dinaspendidikan',
  'pendidikan',
  'disdik',
  'dikbud',
  'sidasek',
  'ternate',
  'malukuutara',
  'tidore',
  'halmahera',
  'pancasila',
  'garuda',
  'jakarta',
  'kgb',
];

// Words of any office's letterhead, whatever its region: with the office's own words, a password
// made only of them is refused ("Pemerintah Provinsi", "Dinas Pendidikan dan Kebudayaan").
const ADMINISTRATIVE = [
  'pemerintah',
  'provinsi',
  'kabupaten',
  'kota',
  'kecamatan',
  'gubernur',
  'bupati',
  'wali',
  'walikota',
  'kepala',
  'kantor',
  'dinas',
  'pendidikan',
  'kebudayaan',
  'maluku',
  'utara',
];

const COMMON = new Set([...commonPasswords, ...LOCAL].map((p) => p.toLowerCase()));

/** Runs a password must not be a piece of (forwards or backwards). */
const RUNS = [
  '01234567890123456789',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
];
const isRun = (s: string) =>
  s.length >= 3 && RUNS.some((run) => run.includes(s) || [...run].reverse().join('').includes(s));

/** Letters only, lower case, in words of at least three letters (shorter ones say nothing of a region or a name). */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 3);

/** What of the office profile names the office (the fields that matter; others are ignored). */
export interface OfficeNames {
  wilayah?: string | null;
  nama_instansi?: string | null;
  kota?: string | null;
  alamat?: string | null;
  kepala_daerah?: string | null;
  email?: string | null;
  laman?: string | null;
}

/**
 * The office's own words, from its profile and the names of its region (the province of a
 * kabupaten/kota office too): a password made only of them is refused.
 */
export function officeWords(profile: OfficeNames, regionNames: string[] = []): string[] {
  const texts = [
    profile.wilayah,
    profile.nama_instansi,
    profile.kota,
    profile.alamat,
    profile.kepala_daerah,
    profile.email,
    profile.laman,
    ...regionNames,
  ];
  return [...new Set(texts.flatMap((t) => (t ? wordsOf(t) : [])))];
}

/** Whether `letters` is nothing but words of `words`, one after another (word break). */
function madeOf(letters: string, words: Set<string>): boolean {
  if (!letters) return false;
  const longest = Math.max(0, ...[...words].map((w) => w.length));
  const reach = new Array<boolean>(letters.length + 1).fill(false);
  reach[0] = true;
  for (let end = 1; end <= letters.length; end++) {
    for (let start = Math.max(0, end - longest); start < end && !reach[end]; start++) {
      if (reach[start] && words.has(letters.slice(start, end))) reach[end] = true;
    }
  }
  return reach[letters.length]!;
}

/**
 * Why a new password is refused, or null. `username` is the account's (an NPSN for operators);
 * `office` the office's own words (`officeWords`). A common word followed or preceded only by
 * digits and symbols ("password1234", "2024bismillah") counts as common, and so do one character
 * or a short pattern repeated, a run of the keyboard, alphabet or digits, and words of the office.
 */
export function passwordProblem(password: string, username: string, office: string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password baru minimal ${PASSWORD_MIN_LENGTH} karakter`;
  const lower = password.toLowerCase();
  if (username && lower.includes(username.toLowerCase())) return 'Password baru tidak boleh memuat username';
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  // Spaces and symbols taken out: "Maluku Utara" is "malukuutara", "1234-1234-1234" is "123412341234".
  const compact = lower.replace(/[^\p{L}\p{N}]/gu, '');
  const letters = lower.replace(/[^\p{L}]/gu, '');
  // A shorter string repeated is as strong as that string, which is under the minimum length.
  const repeated = /^(.+?)\1+$/su.exec(compact);
  const guessable =
    COMMON.has(lower) ||
    (core.length >= 3 && COMMON.has(core)) ||
    (compact.length >= 3 && COMMON.has(compact)) ||
    compact.length === 0 ||
    (repeated !== null && repeated[1]!.length < PASSWORD_MIN_LENGTH) ||
    isRun(compact) ||
    isRun(core) ||
    madeOf(letters, new Set([...LOCAL, ...ADMINISTRATIVE, ...office]));
  return guessable ? 'Password baru terlalu umum dan mudah ditebak; pilih password lain' : null;
}
