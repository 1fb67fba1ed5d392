import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pengaturan, wilayah } from '../../db/schema/index.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { kepalaDaerahOf, type ProfilKantor, type ProfilKantorBody } from '#contract/kantor.ts';
import { JENJANG_KANTOR } from '#contract/kantor-values.ts';
import type { KantorConfig } from '#contract/config.ts';
import { officeWords } from '../../domain/password-policy.ts';
import type { Letterhead } from '../../lib/kop-surat.ts';

/** What is stored under pengaturan 'kantor': the form's fields and the logo's file key. */
type Stored = ProfilKantorBody & { logo_key?: string | null };

/** Letters made before the profile existed had their letterhead in the letter settings (pengaturan 'kgb'). */
interface LegacyLetterhead {
  kop1?: string;
  kop2?: string;
  alamat?: string;
  kota?: string;
}

const DEFAULT: ProfilKantorBody = {
  tingkat: 'kabupaten_kota',
  wilayah: 'Kota Ternate',
  nama_instansi: 'Dinas Pendidikan',
  alamat: 'Jl. Pahlawan Revolusi No. 1, Ternate 97712, Maluku Utara',
  kota: 'Ternate',
  telepon: null,
  email: null,
  laman: null,
  kepala_daerah: 'Wali Kota Ternate',
  zona_waktu: 'Asia/Jayapura',
};

const title = (s: string) => s.toLowerCase().replace(/(^|\s)\S/g, (c) => c.toUpperCase());

async function stored(db: Db): Promise<Stored | null> {
  const [row] = await db.select().from(pengaturan).where(eq(pengaturan.kunci, 'kantor'));
  return (row?.nilai as Stored | undefined) ?? null;
}

/**
 * The saved profile, or one read from the old letter settings and the configured zone
 * (`configuredZone`, config.officeTimezone; when not given or not one of Indonesia's three, WIT).
 */
export async function readProfile(db: Db, configuredZone?: string): Promise<Stored> {
  const saved = await stored(db);
  if (saved) return saved;
  const [legacy] = await db.select().from(pengaturan).where(eq(pengaturan.kunci, 'kgb'));
  const l = (legacy?.nilai as LegacyLetterhead | undefined) ?? {};
  const wilayah = l.kop1 ? title(l.kop1.replace(/^PEMERINTAH\s+/i, '')) : DEFAULT.wilayah;
  const tingkat = /^provinsi\s/i.test(wilayah) ? 'provinsi' : 'kabupaten_kota';
  return {
    ...DEFAULT,
    tingkat,
    wilayah,
    nama_instansi: l.kop2 ? title(l.kop2) : DEFAULT.nama_instansi,
    alamat: l.alamat ?? DEFAULT.alamat,
    kota: l.kota ?? DEFAULT.kota,
    kepala_daerah: kepalaDaerahOf(tingkat, wilayah),
    zona_waktu:
      (['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const).find((z) => z === configuredZone) ??
      DEFAULT.zona_waktu,
  };
}

/**
 * The office's region in the Kemendagri table, found by its name: "Provinsi Maluku Utara" is the
 * province "Maluku Utara" (level 1), "Kota Ternate" the city of that name (level 2). Null when the
 * name is not there or names more than one region.
 */
export async function regionCodeOf(db: Db, p: Pick<ProfilKantorBody, 'tingkat' | 'wilayah'>): Promise<string | null> {
  const provinsi = p.tingkat === 'provinsi';
  const name = provinsi ? p.wilayah.replace(/^provinsi\s+/i, '') : p.wilayah;
  const rows = await db
    .select({ kode: wilayah.kodeWilayah })
    .from(wilayah)
    .where(and(eq(wilayah.level, provinsi ? 1 : 2), sql`lower(${wilayah.nama}) = lower(${name.trim()})`))
    .limit(2);
  return rows.length === 1 ? rows[0]!.kode : null;
}

/**
 * The office's own words for the password policy (server/domain/password-policy.ts): its profile,
 * and the names of its region and of that region's province ("Kabupaten Sleman": also "Daerah
 * Istimewa Yogyakarta").
 */
export async function officeWordsOf(db: Db): Promise<string[]> {
  const p = await readProfile(db);
  const kode = await regionCodeOf(db, p);
  const regions = kode
    ? await db
        .select({ nama: wilayah.nama })
        .from(wilayah)
        .where(inArray(wilayah.kodeWilayah, [kode, kode.slice(0, 2)]))
    : [];
  return officeWords(
    p,
    regions.map((r) => r.nama),
  );
}

/** The office profile, kept as one settings row. */
export function kantorRepository(db: Db, files: FileStore, configuredZone?: string) {
  const profile = () => readProfile(db, configuredZone);

  return {
    profile,

    /** What GET api/config tells every screen about the office (the school and region defaults follow it). */
    async config(): Promise<KantorConfig> {
      const p = await profile();
      return {
        tingkat: p.tingkat,
        wilayah: p.wilayah,
        kode_wilayah: await regionCodeOf(db, p),
        jenjang: JENJANG_KANTOR[p.tingkat],
      };
    },

    async toAnswer(): Promise<ProfilKantor> {
      const { logo_key, ...p } = await profile();
      return { ...p, ada_logo: Boolean(logo_key) };
    },

    async save(value: ProfilKantorBody): Promise<void> {
      const current = await stored(db);
      const nilai: Stored = { ...value, logo_key: current?.logo_key ?? null };
      await db
        .insert(pengaturan)
        .values({ kunci: 'kantor', nilai })
        .onConflictDoUpdate({ target: pengaturan.kunci, set: { nilai } });
    },

    /** Replaces the logo; answers the key it replaced (removed by the caller once saved). */
    async setLogo(key: string | null): Promise<string | null> {
      const p = await profile();
      const old = p.logo_key ?? null;
      const nilai: Stored = { ...p, logo_key: key };
      await db
        .insert(pengaturan)
        .values({ kunci: 'kantor', nilai })
        .onConflictDoUpdate({ target: pengaturan.kunci, set: { nilai } });
      return old;
    },

    /** The letterhead and authority printed on letters and lists. */
    async letterhead(): Promise<Letterhead> {
      const p = await profile();
      const kontak = [
        p.telepon && `Telepon ${p.telepon}`,
        p.email && `Pos-el ${p.email}`,
        p.laman && `Laman ${p.laman}`,
      ]
        .filter(Boolean)
        .join(' \u00b7 ');
      return {
        kop1: `PEMERINTAH ${p.wilayah}`.toUpperCase(),
        kop2: p.nama_instansi.toUpperCase(),
        alamat: p.alamat,
        kontak: kontak || null,
        kota: p.kota,
        logo: p.logo_key ? await files.get(p.logo_key) : null,
        atasNama: p.kepala_daerah,
        kepalaKantor: `Kepala ${p.nama_instansi} ${p.wilayah}`,
        wilayah: p.wilayah,
        instansi: p.nama_instansi,
      };
    },

    async logo(): Promise<Buffer | null> {
      const key = (await profile()).logo_key;
      return key ? files.get(key) : null;
    },
  };
}
export type KantorRepository = ReturnType<typeof kantorRepository>;
