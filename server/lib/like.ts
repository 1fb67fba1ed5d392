/** `text` with LIKE's wildcards and escape character escaped: a search for "50%" finds "50%", not everything. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern for what contains `text`, literally. */
export function likePattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** A LIKE pattern for what starts with `text`, literally. */
export function likePrefix(text: string): string {
  return `${likeLiteral(text)}%`;
}
