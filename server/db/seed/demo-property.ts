import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { aset, galeri, jenisRuangan, lahan, masterAset, ruangan } from '../schema/index.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { processImage } from '../../lib/images.ts';

/** A simple drawn "photo" of a school building (no text: the machine may have no fonts). */
function schoolPicture(hue: number, variant: number): string {
  const wall = `hsl(${hue}, 45%, 78%)`;
  const roof = `hsl(${(hue + 20) % 360}, 55%, 38%)`;
  const windows = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${150 + i * 110 + variant * 6}" y="300" width="60" height="70" fill="#cfe8ff" stroke="#5b6b7a" stroke-width="4"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7cc4ff"/><stop offset="1" stop-color="#e7f5ff"/></linearGradient></defs>
    <rect width="960" height="640" fill="url(#sky)"/>
    <circle cx="${120 + variant * 40}" cy="110" r="50" fill="#ffe27a"/>
    <rect y="470" width="960" height="170" fill="#6fbf5b"/>
    <rect x="110" y="250" width="620" height="220" fill="${wall}"/>
    <polygon points="90,255 420,150 750,255" fill="${roof}"/>
    ${windows}
    <rect x="385" y="380" width="70" height="90" fill="#8a5a3b"/>
    <rect x="820" y="190" width="8" height="280" fill="#777"/>
    <rect x="828" y="192" width="90" height="30" fill="#e02424"/><rect x="828" y="222" width="90" height="30" fill="#fff"/>
    <rect x="0" y="520" width="960" height="40" fill="#c9b79c"/>
  </svg>`;
}

/** Rooms with assets, land plots and gallery photos for one demo school. */
export async function seedSchoolProperty(db: Db, files: FileStore, sekolahId: number, index: number): Promise<void> {
  const types = new Map((await db.select().from(jenisRuangan)).map((r) => [r.nama, r.id]));
  const assetTypes = new Map((await db.select().from(masterAset)).map((r) => [r.nama, r.id]));
  const conditions = ['Baik', 'Baik', 'Rusak Ringan', 'Baik', 'Rusak Sedang', 'Rusak Berat'];

  const rooms = [
    { nama: 'Kelas 1A', type: 'Ruang Kelas', p: 9, l: 8, t: 3.5 },
    { nama: 'Kelas 1B', type: 'Ruang Kelas', p: 9, l: 8, t: 3.5 },
    { nama: 'Kelas 2A', type: 'Ruang Kelas', p: 8, l: 7, t: 3.5 },
    { nama: 'Ruang Guru', type: 'Ruang Guru', p: 10, l: 6, t: 3.5 },
    { nama: 'Perpustakaan', type: 'Perpustakaan', p: 12, l: 8, t: 4 },
    { nama: 'Ruang Kepala Sekolah', type: 'Ruang Kepala Sekolah', p: 5, l: 4, t: 3.5 },
  ];
  for (const [i, r] of rooms.entries()) {
    const [room] = await db
      .insert(ruangan)
      .values({
        sekolahId,
        jenisRuanganId: types.get(r.type)!,
        nama: r.nama,
        panjang: r.p,
        lebar: r.l,
        tinggi: r.t,
        keterangan: r.type === 'Ruang Kelas' ? 'Ruang belajar siswa' : `Dipakai sebagai ${r.type.toLowerCase()}`,
        status: conditions[(i + index) % conditions.length]!,
      })
      .returning({ id: ruangan.id });
    const items: [string, string, number, number][] =
      r.type === 'Ruang Kelas'
        ? [
            ['Meja Siswa', 'Meja siswa kayu', 32, 450_000],
            ['Kursi Siswa', 'Kursi siswa kayu', 32, 275_000],
            ['Papan Tulis', 'Papan tulis whiteboard', 1, 1_250_000],
          ]
        : r.type === 'Perpustakaan'
          ? [
              ['Rak Buku', 'Rak buku besi 5 susun', 8, 1_850_000],
              ['Meja Guru', 'Meja baca', 6, 900_000],
              ['Komputer', 'Komputer katalog', 1, 7_500_000],
            ]
          : [
              ['Meja Guru', 'Meja kerja', 4, 1_100_000],
              ['Kursi Guru', 'Kursi kerja', 4, 650_000],
              ['Lemari', 'Lemari arsip', 2, 2_300_000],
              ['Laptop', 'Laptop administrasi', 1, 8_900_000],
            ];
    await db.insert(aset).values(
      items.map(([type, nama, jumlah, harga], k) => ({
        ruanganId: room!.id,
        masterAsetId: assetTypes.get(type)!,
        nama,
        jumlah,
        harga,
        kondisi: conditions[(k + i) % 4]!,
      })),
    );
  }

  const year = 1985 + ((index * 7) % 30);
  await db.insert(lahan).values([
    {
      sekolahId,
      nama: 'Lahan bangunan utama',
      luas: 2400 + index * 350,
      tglPerolehan: `${year}-03-15`,
      harga: 480_000_000 + index * 35_000_000,
      kondisi: 'Baik',
      keterangan: 'Sertifikat hak pakai atas nama Pemerintah Daerah',
    },
    {
      sekolahId,
      nama: 'Lahan lapangan olahraga',
      luas: 1200 + index * 100,
      tglPerolehan: `${year + 6}-08-01`,
      harga: 150_000_000 + index * 10_000_000,
      kondisi: index % 3 === 0 ? 'Rusak Ringan' : 'Baik',
      keterangan: 'Hibah masyarakat, dipakai untuk upacara dan olahraga',
    },
  ]);

  const captions = [
    {
      nama: 'Gedung utama sekolah',
      jenis: 'sekolah',
      desk: 'Tampak depan gedung utama',
      ket: 'Foto dokumentasi sarana prasarana',
    },
    { nama: 'Ruang kelas', jenis: 'ruangan', desk: 'Suasana ruang kelas', ket: 'Kegiatan belajar mengajar' },
  ];
  for (const [k, c] of captions.entries()) {
    const png = await sharp(Buffer.from(schoolPicture((index * 47 + k * 120) % 360, k)))
      .png()
      .toBuffer();
    const image = await processImage(png);
    const fotoKey = await files.put(image.image, 'jpg');
    const thumbKey = await files.put(image.thumbnail, 'jpg');
    await db.insert(galeri).values({ sekolahId, ...c, fotoKey, thumbKey });
  }
}

export async function hasProperty(db: Db, sekolahId: number): Promise<boolean> {
  const [row] = await db.select({ id: ruangan.id }).from(ruangan).where(eq(ruangan.sekolahId, sekolahId)).limit(1);
  return !!row;
}
