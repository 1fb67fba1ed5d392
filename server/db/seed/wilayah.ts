import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
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
 * 38 provinces, 514 regencies, 7,285 districts, 83,762 villages.
 */
export async function loadWilayah(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(wilayah);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows: (typeof wilayah.$inferInsert)[] = [];
  for (const [kode, nama] of readCsv('provinces.csv'))
    rows.push({ kodeWilayah: kode!, nama: nama!, level: 1, induk: null });
  for (const [kode, induk, nama] of readCsv('regencies.csv'))
    rows.push({ kodeWilayah: kode!, nama: nama!, level: 2, induk: induk! });
  for (const [kode, induk, nama] of readCsv('districts.csv'))
    rows.push({ kodeWilayah: kode!, nama: nama!, level: 3, induk: induk! });
  for (const [kode, induk, nama] of readCsv('villages.csv'))
    rows.push({ kodeWilayah: kode!, nama: nama!, level: 4, induk: induk! });
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 2000) await tx.insert(wilayah).values(rows.slice(i, i + 2000));
  });
  return rows.length;
}
