import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { guru } from '../../db/schema/index.ts';
import { likePattern, likePrefix } from '../../lib/like.ts';

/**
 * Teachers whose name contains `term`, letter case ignored: exactly `nama ILIKE '%term%'`, computed
 * on `nama_cari` (the stored lowered name, migration 0015) with LIKE, four times cheaper a row, and
 * served by its trigram index. Wildcards in the term are matched literally.
 */
export function namaContains(term: string): SQL {
  return sql`${guru}.nama_cari like lower(${likePattern(term)})`;
}

/**
 * Index entries read, at most, for the rows of the words that end with the part of a term before
 * its space ('dul hidayat': every 'abdul'); past them the answer is taken only if it already holds
 * more than the cap, else the trigram search answers.
 */
const INNER_ROWS_READ = 20_000;

/** A page of name matches: the page's teacher ids in list order and the matches counted. */
export interface WordMatchPage {
  ids: number[];
  /** Matches collected, at most `cap` + 1 (more than `cap`: the count is capped). */
  n: number;
}

/**
 * A page of the teachers whose name contains `term`, in list order (nama, id), from the words of
 * the names (guru_kata and guru_nama_kata, migration 0017) instead of the trigram index of the
 * teacher table: index ranges that cost what they find, at any number of teachers, sorted by the
 * name stored beside each word. Words are the runs between space characters.
 *
 * A term without a space occurs in a name exactly when it occurs in one of its words: the words
 * that contain it come from guru_kata (a few thousand words, trigram index), their rows from
 * `balik` (one index value per word).
 *
 * A term with a space, t1 + ' ' + rest: an occurrence either begins where a word begins, and then
 * the term is a prefix of that row's `sisa`; or it begins inside a word, and then t1 (no space in
 * it) ends exactly where that word ends: t1 is a proper suffix of the word, reverse(t1) a proper
 * prefix of its `balik`, and the row's `sisa` goes on after the word with ' ' + rest.
 *
 * Returns the page from either every match or more than `cap` of them (the search then shows
 * `cap` in name order and says there are more, as the trigram search does); `null` when the
 * entries read did not settle it, and the caller searches by trigram.
 */
export async function matchesByWords(
  db: Db,
  term: string,
  cap: number,
  offset: number,
  perPage: number,
): Promise<WordMatchPage | null> {
  const space = term.indexOf(' ');
  // A part of one or two letters before the space ('ti aminah') ends tens of thousands of words
  // ('siti'): the rows read would not settle it, and the trigram search is cheaper at once.
  if (space >= 0 && space < 3) return null;
  // A term without a space needs `cap` + 1 teachers; twice as many rows leave room for teachers
  // with two such words.
  const limit = space < 0 ? 2 * (cap + 1) : INNER_ROWS_READ;
  const found =
    space < 0
      ? wordsContaining(term, limit)
      : wordsAcrossSpace(term, term.slice(0, space), term.slice(space + 1), cap, limit);
  const [r] = rowsOf<{ read: number; n: number; ids: number[] | string }>(
    await db.execute(sql`
      ${found},
      page as (select guru_id, nama from found limit ${cap + 1})
      select (select count(*) from rows_read)::int as read, (select count(*) from page)::int as n,
        array(select guru_id from page order by nama, guru_id limit ${perPage} offset ${offset}) as ids`),
  );
  if (!r) return null;
  const complete = r.read < limit;
  if (!complete && r.n <= cap) return null;
  return { ids: typeof r.ids === 'string' ? parseIntArray(r.ids) : r.ids, n: r.n };
}

/** CTEs `rows_read` and `found` for a term without a space: the rows of every word that contains it. */
function wordsContaining(term: string, limit: number): SQL {
  return sql`with words as materialized (select reverse(kata) as balik from guru_kata where kata like lower(${likePattern(term)})),
    rows_read as materialized (
      select guru_id, nama from guru_nama_kata where balik = any(array(select balik from words)) limit ${limit}
    ),
    -- A teacher with two such words ('sri' in 'Sri Srikandi') is one match.
    found as (select distinct guru_id, nama from rows_read)`;
}

/** CTEs `rows_read` and `found` for a term with a space (see `matchesByWords`). */
function wordsAcrossSpace(term: string, first: string, rest: string, cap: number, limit: number): SQL {
  // Reversed by code point, as PostgreSQL's reverse() does; lower() maps code point to code point.
  const reversed = [...first].reverse().join('');
  return sql`with starts as materialized (
      select guru_id, nama from guru_nama_kata where sisa like lower(${likePrefix(term)}) limit ${cap + 1}
    ),
    rows_read as materialized (
      select guru_id, nama, sisa, balik from guru_nama_kata
      -- '>' rather than '<>': the range starts after the word itself ('siti': 390,000 rows at tier L)
      where balik > lower(${reversed}) and balik like lower(${likePrefix(reversed)})
      limit ${limit}
    ),
    found as (
      select guru_id, nama from starts
      union
      select guru_id, nama from rows_read where substr(sisa, length(balik) + 1) like lower(${likePrefix(` ${rest}`)})
    )`;
}

/** A PostgreSQL int[] in its text form ('{1,2,3}'), for drivers that leave it unparsed. */
function parseIntArray(text: string): number[] {
  const inside = text.slice(1, -1);
  return inside ? inside.split(',').map(Number) : [];
}
