import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { guru } from '../../db/schema/index.ts';
import { likePattern } from '../user/user.repository.ts';

/**
 * Teachers whose name contains `term`, letter case ignored: exactly `nama ILIKE '%term%'`, computed
 * on `nama_cari` (the stored lowered name, migration 0015) with LIKE, four times cheaper a row, and
 * served by its trigram index. Wildcards in the term are matched literally.
 */
export function namaContains(term: string): SQL {
  return sql`${guru}.nama_cari like lower(${likePattern(term)})`;
}

/** `text` as a LIKE prefix: what starts with it, wildcards in it matched literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Candidates read, at most, for a term that begins inside a word: beyond them the trigram search
 * is the cheaper way ('ati hidayat': thousands of names have a word ending in 'ati').
 */
const INNER_CANDIDATES = 2_000;

/** A page of name matches: the page's teacher ids in list order and the matches counted. */
export interface WordMatchPage {
  ids: number[];
  /** Matches collected, at most `cap` + 1 (more than `cap`: the count is capped). */
  n: number;
}

/**
 * A page of the teachers whose name contains `term`, in list order (nama, id), from the name's
 * words (guru_nama_kata, migration 0017) instead of the trigram index: B-tree ranges that cost what
 * they find, at any number of teachers, sorted by the name stored beside each word.
 *
 * An occurrence of the term either begins where a word begins (p = 0 or a space before it), and
 * then the term is a prefix of that row's `sisa`, or it begins inside a word. In the second case,
 * if the term holds a space, the part before its first space (t1) ends where that word ends: t1 is
 * a proper suffix of the word, so reverse(t1) is a proper prefix of its `balik`, and the rows found
 * that way are checked against the whole term. A term without a space can begin and end inside a
 * word ('yat' in 'hidayati'); no B-tree finds that, so such a term is answered here only when the
 * words alone already give more than `cap` matches.
 *
 * The page comes from either every match or more than `cap` of them (the search then shows `cap`
 * in name order and says there are more, as the trigram search does); `null` when neither is
 * known, and the caller searches by trigram.
 */
export async function matchesByWords(db: Db, term: string, cap: number, offset: number, perPage: number): Promise<WordMatchPage | null> {
  const space = term.indexOf(' ');
  const first = space < 0 ? '' : term.slice(0, space);
  // Short inner parts ('a hidayat') end thousands of words: left to the trigram search.
  const inner = first.length >= 3;
  if (space >= 0 && !inner) return null;
  // Reversed by code point, as PostgreSQL's reverse() does; lower() maps code point to code point.
  const reversed = [...first].reverse().join('');
  const [found] = rowsOf<{ starts: number; candidates: number; n: number; ids: number[] | string }>(
    await db.execute(sql`
      with starts as materialized (
        select guru_id, nama from guru_nama_kata where sisa like lower(${likePrefix(term)}) limit ${cap + 1}
      ),
      candidates as materialized (
        select guru_id from guru_nama_kata
        where ${inner} and balik like lower(${likePrefix(reversed)}) and balik <> lower(${reversed})
        limit ${INNER_CANDIDATES}
      ),
      found as materialized (
        select guru_id, nama from starts
        union
        select g.id, g.nama from candidates c join ${guru} g on g.id = c.guru_id where g.nama_cari like lower(${likePattern(term)})
        limit ${cap + 1}
      )
      select (select count(*) from starts)::int as starts, (select count(*) from candidates)::int as candidates,
        (select count(*) from found)::int as n,
        array(select guru_id from found order by nama, guru_id limit ${perPage} offset ${offset}) as ids`),
  );
  if (!found) return null;
  const complete = inner && found.starts <= cap && found.candidates < INNER_CANDIDATES;
  if (!complete && found.n <= cap) return null;
  return { ids: typeof found.ids === 'string' ? parseIntArray(found.ids) : found.ids, n: found.n };
}

/** A PostgreSQL int[] in its text form ('{1,2,3}'), for drivers that leave it unparsed. */
function parseIntArray(text: string): number[] {
  const inside = text.slice(1, -1);
  return inside ? inside.split(',').map(Number) : [];
}
