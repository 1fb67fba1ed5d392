import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { arrayLiteral, type Db } from '../client.ts';
import { wilayah } from '../schema/index.ts';

/** Splits one CSV line, honouring double quotes ("Lubuk Pakam I,II", "Soka""an"). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

function readCsv(file: string): string[][] {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('idn-area-data/package.json')), 'data');
  const lines = readFileSync(path.join(dir, file), 'utf8').split(/\r?\n/).filter(Boolean);
  return lines.slice(1).map(parseCsvLine);
}

/**
 * Loads the Kemendagri regions of idn-area-data (ODbL) once, into an empty `wilayah` table:
 * 38 provinces, 514 regencies, 7,285 districts, 83,762 villages. Every fresh database loads them
 * (each test worker's, each browser test server's template, an office's first start), so the rows
 * go in one statement with a parameter per column (`unnest`): 1.8 s of CPU on PGlite where inserts
 * of 2,000 rows each, a parameter per value, took 7.5 s.
 */
export async function loadWilayah(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(wilayah);
  if ((existing?.n ?? 0) > 0) return 0;
  const kode: string[] = [];
  const nama: string[] = [];
  const level: number[] = [];
  const induk: (string | null)[] = [];
  const add = (k: string, n: string, l: number, i: string | null) => {
    kode.push(k);
    nama.push(n);
    level.push(l);
    induk.push(i);
  };
  for (const [k, n] of readCsv('provinces.csv')) add(k!, n!, 1, null);
  for (const [k, i, n] of readCsv('regencies.csv')) add(k!, n!, 2, i!);
  for (const [k, i, n] of readCsv('districts.csv')) add(k!, n!, 3, i!);
  for (const [k, i, n] of readCsv('villages.csv')) add(k!, n!, 4, i!);
  await db.execute(
    sql`insert into ${wilayah} (kode_wilayah, nama, level, induk)
        select * from unnest(${arrayLiteral(kode)}::varchar[], ${arrayLiteral(nama)}::varchar[], ${arrayLiteral(level)}::smallint[], ${arrayLiteral(induk)}::varchar[])`,
  );
  return kode.length;
}
