// The demo's accounts and schools, and whether a database gets the demo: what the server's start
// needs to know about the demo without loading the demo's making (images, PDFs: seed/demo.ts).
import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { sekolah } from '../schema/index.ts';
import { DEFAULT_DEMO_PASSPHRASE } from '../../config.ts';

export const DEMO_OPERATOR_PASSWORD = 'operator123';
/**
 * Passphrase of the demo signing official's key when DEMO_PASSPHRASE is not set (README). Demo
 * data only: never seeded in production (docs/security.md, "The demo's published secrets").
 */
export const DEMO_PASSPHRASE = DEFAULT_DEMO_PASSPHRASE;
/**
 * The demo official's NIK when Sidasek signs through BSrE (SIGNER=bsre): a made-up NIK of Kota
 * Ternate that the BSrE simulator knows (server/test/bsre-simulator.ts), with the same passphrase.
 */
export const DEMO_NIK = '8271011503700001';

type DemoSchool = typeof sekolah.$inferInsert;

/**
 * The demo is one office (docs/domain/data-guru.md "Which office manages which schools"): the
 * provincial education office of Maluku Utara (Kemendagri code 82), which manages the province's
 * SMA and SMK across its regencies and cities, around the map centre of SPEC §9. NPSNs are made up
 * in the province's 602xxxxx range; region codes and names are the official ones.
 */
export const DEMO_SCHOOLS: DemoSchool[] = [
  {
    npsn: '60200338',
    namaSekolah: 'SMA Negeri 1 Kota Ternate',
    status: 'Negeri',
    bentukPendidikan: 'SMA',
    alamat: 'Jl. Ki Hajar Dewantoro No. 1',
    rtrw: '002/001',
    kodeWilayah: '82.71.03.1008',
    kodePos: '97721',
    telpon: '0921312345',
    email: 'sman1ternate@sch.id',
    web: 'https://sman1ternate.sch.id',
    rombel: 864,
    lat: 0.7937,
    long: 127.3844,
  },
  {
    npsn: '60200412',
    namaSekolah: 'SMA Negeri 2 Kota Ternate',
    status: 'Negeri',
    bentukPendidikan: 'SMA',
    alamat: 'Jl. Pahlawan Revolusi',
    rtrw: '001/003',
    kodeWilayah: '82.71.02.1004',
    kodePos: '97719',
    telpon: '0921321456',
    email: 'sman2ternate@sch.id',
    rombel: 612,
    lat: 0.7786,
    long: 127.3797,
  },
  {
    npsn: '60200587',
    namaSekolah: 'SMK Negeri 2 Kota Ternate',
    status: 'Negeri',
    bentukPendidikan: 'SMK',
    alamat: 'Jl. Jambula Raya',
    rtrw: '003/002',
    kodeWilayah: '82.71.01.1001',
    kodePos: '97728',
    rombel: 386,
    lat: 0.7461,
    long: 127.3402,
  },
  {
    npsn: '60201144',
    namaSekolah: 'SMK Negeri 1 Tidore Kepulauan',
    status: 'Negeri',
    bentukPendidikan: 'SMK',
    alamat: 'Jl. Sultan Nuku, Soasio',
    rtrw: '001/001',
    kodeWilayah: '82.72.01.1001',
    kodePos: '97812',
    telpon: '0921361234',
    email: 'smkn1tidore@sch.id',
    rombel: 540,
    lat: 0.6791,
    long: 127.4049,
  },
  {
    npsn: '60201876',
    namaSekolah: 'SMA Negeri 1 Halmahera Barat',
    status: 'Negeri',
    bentukPendidikan: 'SMA',
    alamat: 'Jl. Raya Gufasa, Jailolo',
    rtrw: '002/002',
    kodeWilayah: '82.01.01.2001',
    kodePos: '97752',
    email: 'sman1halbar@sch.id',
    rombel: 498,
    lat: 1.0736,
    long: 127.4762,
  },
  {
    npsn: '60202210',
    namaSekolah: 'SMA Negeri 1 Halmahera Utara',
    status: 'Negeri',
    bentukPendidikan: 'SMA',
    alamat: 'Jl. Kemakmuran, Gamsungi, Tobelo',
    kodeWilayah: '82.03.05.2004',
    kodePos: '97762',
    email: 'sman1halut@sch.id',
    rombel: 524,
    lat: 1.7285,
    long: 128.0089,
  },
  {
    npsn: '69854321',
    namaSekolah: 'SMA Islam Al-Khairaat Ternate',
    status: 'Swasta',
    bentukPendidikan: 'SMA',
    alamat: 'Jl. Kasturian No. 12',
    kodeWilayah: '82.71.03.1009',
    kodePos: '97721',
    rombel: 212,
    lat: 0.7992,
    long: 127.3811,
  },
  {
    npsn: '60203345',
    namaSekolah: 'SMK Kristen Tobelo',
    status: 'Swasta',
    bentukPendidikan: 'SMK',
    alamat: 'Jl. Kemakmuran, Gura',
    kodeWilayah: '82.03.05.2005',
    kodePos: '97762',
    rombel: 233,
    lat: 1.7311,
    long: 128.0051,
  },
];

/** The demo fills an empty database only: one without any school. */
export async function demoNeeded(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(sekolah);
  return (existing?.n ?? 0) === 0;
}
