// A KGB letter's document code as people type it (printed at the letter's foot): with spaces,
// without dashes, with a typographic dash, in lower case. One normal form for the public check
// page and the API. Without zod: the public check page imports it.

/** Codes of letters made since November 2026 (three groups of five) and before (two groups of four). */
export const KODE_DOKUMEN_PATTERN = /^KGB-(?:[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}|[A-Z0-9]{4}-[A-Z0-9]{4})$/;

/**
 * 'kgb 7k3mq 9xdrt h2wpa', 'KGB–7K3MQ–9XDRT–H2WPA', 'KGB7K3MQ9XDRTH2WPA' → 'KGB-7K3MQ-9XDRT-H2WPA'.
 * Text that is no code in any spelling comes back upper-cased and trimmed (the check refuses it).
 */
export function normalKodeDokumen(text: string): string {
  const plain = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (plain.startsWith('KGB')) {
    const rest = plain.slice(3);
    const groups = rest.length === 15 ? rest.match(/.{5}/g) : rest.length === 8 ? rest.match(/.{4}/g) : null;
    if (groups) return ['KGB', ...groups].join('-');
  }
  return text.trim().toUpperCase();
}
