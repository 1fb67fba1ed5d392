import sharp from 'sharp';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { guru, referensi } from '../schema/index.ts';
import { recordTableOf } from '../schema/riwayat.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { processImage } from '../../lib/images.ts';
import { addMonths } from '../../domain/kepegawaian.ts';
import { gajiPokokPp5, PP_5_2024 } from '../../domain/gaji-pp5-2024.ts';
import { PP_15_2019 } from '../../domain/gaji-pp15-2019.ts';
import { monthsBetween, salaryOn, salarySteps } from '../../domain/kgb.ts';
import { PERPRES_11_2024 } from '../../domain/gaji-pppk-perpres11-2024.ts';
import { DEFAULT_OFFICE_TIMEZONE, hariIni } from '../../domain/waktu-kantor.ts';
import { syncTeacherFromRecord } from '../../modules/guru/record-basis.ts';
import { ANGKA_KREDIT } from '../../domain/kenaikan-pangkat.ts';

// Names common in Maluku Utara (Ternate, Tidore, Halmahera), first and family names combined.
const FIRST_M = [
  'Abdullah',
  'Rahmat',
  'Irfan',
  'Muhammad Rizal',
  'Sahrul',
  'Fadli',
  'Jufri',
  'Yusuf',
  'Harun',
  'Ismail',
  'Anwar',
  'Samsudin',
];
const FIRST_F = [
  'Fatmawati',
  'Nurhayati',
  'Sartika',
  'Rosmini',
  'Hasnah',
  'Nurlela',
  'Wahyuni',
  'Sitti Rahma',
  'Marlina',
  'Hadijah',
  'Yuliani',
  'Aminah',
];
const FAMILY = [
  'Sangaji',
  'Djafar',
  'Tomagola',
  'Hasan',
  'Umar',
  'Abbas',
  'Kharie',
  'Soleman',
  'Albaar',
  'Latif',
  'Sibua',
  'Mahmud',
  'Tjan',
  'Marsaoly',
];
const PLACES = ['Ternate', 'Tidore', 'Jailolo', 'Tobelo', 'Labuha', 'Sanana', 'Soasio', 'Weda', 'Manado', 'Makassar'];

/** The PNS salary tables, for decrees dated before and after 2024 (PP 15/2019, PP 5/2024). */
const PNS_STEPS = [...salarySteps(PP_15_2019), ...salarySteps(PP_5_2024)];

/** A deterministic sequence so the demo data is the same on every fresh start. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x / 0x7fffffff;
  };
}

async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const pageDoc = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  pageDoc.drawText(title, { x: 56, y: 770, size: 16, font: bold, color: rgb(0.1, 0.2, 0.5) });
  lines.forEach((line, i) => pageDoc.drawText(line, { x: 56, y: 730 - i * 20, size: 11, font }));
  return Buffer.from(await doc.save());
}

async function avatar(hue: number, female: boolean): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
    <rect width="300" height="400" fill="hsl(${hue},35%,88%)"/>
    <circle cx="150" cy="150" r="70" fill="hsl(${hue},25%,55%)"/>
    ${female ? `<path d="M75 150 Q75 60 150 60 Q225 60 225 150 L225 240 L75 240 Z" fill="hsl(${(hue + 180) % 360},30%,40%)" opacity=".75"/><circle cx="150" cy="155" r="55" fill="hsl(${hue},25%,62%)"/>` : ''}
    <rect x="55" y="250" width="190" height="170" rx="90" fill="hsl(${hue},25%,45%)"/>
  </svg>`;
  return (await processImage(await sharp(Buffer.from(svg)).png().toBuffer())).image;
}

/**
 * Four teachers per demo school with rows in every record tab: PNS and non-PNS, some unverified,
 * some PNS due for KGB within two months, some retiring within a year (relative to `today`).
 */
export async function seedDemoTeachers(
  db: Db,
  files: FileStore,
  schools: { id: number; npsn: string; bentukPendidikan: string }[],
  today: Date,
): Promise<void> {
  const ref = async (kategori: string) => db.select().from(referensi).where(eq(referensi.kategori, kategori));
  const [jabatan, mapel, jurusan, tingkat, diklat, penghargaan, keahlianU, keahlianB, level, jenisKt] =
    await Promise.all([
      ref('jabatan'),
      ref('mapel'),
      ref('jurusan'),
      ref('tingkatpendidikan'),
      ref('diklatteknis'),
      ref('penghargaan'),
      db
        .select()
        .from(referensi)
        .where(and(eq(referensi.kategori, 'keahlian'), eq(referensi.nama2, 'umum'))),
      db
        .select()
        .from(referensi)
        .where(and(eq(referensi.kategori, 'keahlian'), eq(referensi.nama2, 'bahasa'))),
      ref('level'),
      ref('jeniskaryatulis'),
    ]);
  const byName = (list: { id: number; nama: string }[], nama: string) => list.find((r) => r.nama === nama)!.id;
  const pick = <T>(r: () => number, list: T[]) => list[Math.floor(r() * list.length)]!;
  const table = recordTableOf;
  // The demo office's zone (its profile, demo.ts, says Asia/Jayapura).
  const todayIso = hariIni(today, DEFAULT_OFFICE_TIMEZONE);
  // TMTs fall on the first of a month (PP 7/1977 art. 13(3)).
  const firstOf = (date: string) => `${date.slice(0, 7)}-01`;
  let seq = 0;

  for (const [si, school] of schools.entries()) {
    const r = rng(1000 + si);
    for (let k = 0; k < 4; k++) {
      seq++;
      const female = (si + k) % 2 === 1;
      const nama = `${pick(r, female ? FIRST_F : FIRST_M)} ${pick(r, FAMILY)}`;
      // Role of this teacher in the demo: 0 due for KGB soon, 1 retiring within a year, 2 PNS, 3 non-PNS.
      const role = k;
      const pns = role !== 3 || si % 3 === 0;
      const statusGuru = pns
        ? role === 2 && si === 4
          ? 'CPNS'
          : 'PNS'
        : ['PPPK', 'GTY', 'GTT', 'Honor Daerah', 'Honor Sekolah'][(si + k) % 5]!;
      // The civil servants outside the PNS scale: a CPNS II/a appointed eleven months
      // ago (first KGB after one year: due next month) and PPPK IX teachers (S1), one appointed 23
      // months ago (first KGB due next month), one with a KGB 16 months ago.
      const cpns = statusGuru === 'CPNS';
      const pppk = statusGuru === 'PPPK';
      let birth: string;
      if (cpns) birth = '2001-07-14';
      else if (role === 1) {
        // 60th birthday 2 to 9 months from now: retires within the year.
        birth = addMonths(todayIso, -(60 * 12) + 2 + (si % 8));
      } else {
        birth = `${1968 + Math.floor(r() * 28)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
      }
      const birthYear = Number(birth.slice(0, 4));
      const appointed = cpns
        ? firstOf(addMonths(todayIso, -11))
        : pppk
          ? firstOf(addMonths(todayIso, si % 2 === 0 ? -23 : -40))
          : null;
      const cpnsYear = cpns
        ? Number(appointed!.slice(0, 4))
        : Math.min(birthYear + 24 + Math.floor(r() * 6), today.getUTCFullYear() - 2);
      const cpnsMonth = cpns ? Number(appointed!.slice(5, 7)) : [1, 3, 4, 12][Math.floor(r() * 4)]!;
      const sex = female ? 2 : 1;
      // NIP: TMT CPNS year and month; NI PPPK: the year of appointment and a code, no month.
      const nip = pns
        ? `${birth.replaceAll('-', '')}${cpnsYear}${String(cpnsMonth).padStart(2, '0')}${sex}${String(seq).padStart(3, '0')}`
        : pppk
          ? `${birth.replaceAll('-', '')}${appointed!.slice(0, 4)}21${sex}${String(seq).padStart(3, '0')}`
          : null;
      const service = today.getUTCFullYear() - cpnsYear;
      const golongan = cpns
        ? 'II/a'
        : pppk
          ? 'IX'
          : pns
            ? service > 24
              ? 'IV/b'
              : service > 16
                ? 'IV/a'
                : service > 10
                  ? 'III/d'
                  : service > 6
                    ? 'III/c'
                    : 'III/b'
            : null;
      // A PNS's MKG on the day: its last KGB (two years ago at most) sits on a step of the table
      // (golongan III and IV step at even MKG), so the next KGB is two years after it (docs/domain/kgb.md).
      const mkg = cpns || pppk ? 0 : 2 + 2 * Math.floor(Math.max(0, service - 3) / 2);
      // KGB due within two months for role 0 (every third school's one month overdue); otherwise a
      // last KGB 3 to 20 months ago. The CPNS has none yet; the earlier PPPK one two years after appointment.
      const lastKgb = cpns
        ? null
        : pppk
          ? si % 2 === 0
            ? null
            : addMonths(appointed!, 24)
          : pns
            ? firstOf(
                role === 0
                  ? addMonths(todayIso, -24 + [1, 2, -1][si % 3]!)
                  : addMonths(todayIso, -(3 + Math.floor(r() * 17))),
              )
            : null;
      const levelBp = school.bentukPendidikan;
      const jab =
        role === 1 ? 'Kepala Sekolah' : levelBp === 'SD' || levelBp === 'TK' ? 'Guru Kelas' : 'Guru Mata Pelajaran';
      const mapelName =
        levelBp === 'SD' || levelBp === 'TK' ? 'Guru Kelas (Tematik)' : pick(r, mapel.slice(1, 15)).nama;
      const fotoKey = await files.put(await avatar((seq * 37) % 360, female), 'jpg');
      const [g] = await db
        .insert(guru)
        .values({
          sekolah_id: school.id,
          nama,
          gelar_depan: role === 1 && !female ? 'Drs.' : null,
          gelar_belakang: cpns ? 'A.Md.' : pns ? (r() > 0.3 ? 'S.Pd.' : 'M.Pd.') : 'S.Pd.',
          nip,
          nik: `8271${String(10 + (si % 5)).padStart(2, '0')}${String(Number(birth.slice(8, 10)) + (female ? 40 : 0)).padStart(2, '0')}${birth.slice(5, 7)}${birth.slice(2, 4)}${String(seq).padStart(4, '0')}`,
          nuptk:
            `${String(5000 + seq * 131).padStart(4, '0')}${birth.slice(2, 4)}${birth.slice(5, 7)}${birth.slice(8, 10)}${String(seq).padStart(6, '0')}`.slice(
              0,
              16,
            ),
          jenis_kelamin: female ? 'Perempuan' : 'Laki-laki',
          tempat_lahir: pick(r, PLACES),
          tgl_lahir: birth,
          status_nikah: birthYear < 1995 ? 'Nikah' : 'Single',
          goldar: pick(r, ['A', 'B', 'AB', 'O']),
          no_hp: `0812${String(40000000 + seq * 7919).slice(0, 8)}`,
          email: `${nama.toLowerCase().replace(/[^a-z]+/g, '.')}${seq}@guru.sch.id`,
          instagram: `${nama.split(' ')[0]!.toLowerCase()}_${seq}`,
          hobi: pick(r, ['Membaca', 'Berkebun', 'Sepak bola', 'Memasak', 'Menulis', 'Memancing']),
          golongan,
          id_jabatan: byName(jabatan, jab),
          status_guru: statusGuru,
          pendidikan_terakhir: role === 1 ? 'S2' : 'S1',
          sertifikasi: pns && service > 8 ? 'Ya' : 'Tidak',
          mapel_1: mapelName,
          gaji_pokok: null,
          gaji_pokok_lama: golongan && !cpns && !pppk ? gajiPokokPp5(golongan, Math.max(0, mkg - 2)) : null,
          no_karpeg: pns && !cpns ? `P${String(100000 + seq * 17)}` : null,
          mkg_tahun: golongan ? mkg : null,
          // Whole years (the draw is kept so that the rest of the demo stays as it was).
          mkg_bulan: golongan ? Math.min(0, Math.floor(r() * 12)) : null,
          tgl_kgb_terakhir: lastKgb,
          alamat_domisili: `Jl. ${pick(r, ['Pahlawan Revolusi', 'Sultan Babullah', 'Hasan Boesoiri', 'Raya Gufasa', 'Kemakmuran'])} No. ${1 + Math.floor(r() * 80)}`,
          kode_wilayah: null,
          foto_key: fotoKey,
          // Some teachers wait for the office's verification.
          verifikasi: (si + k) % 3 === 0 ? 0 : 1,
        })
        .returning({ id: guru.id });
      const guruId = g!.id;

      const s1 = byName(tingkat, 'Strata 1 (Sarjana)');
      const sma = byName(tingkat, 'SMA/SMK');
      const [formal] = await db
        .insert(table('riwpendidikan'))
        .values([
          {
            guru_id: guruId,
            riw_pendidikan_nm: `SMA Negeri ${1 + (seq % 4)} ${pick(r, PLACES)}`,
            riw_pendidikan_sttb_ijazah: `DN-${25 + (seq % 9)} Ma ${String(seq * 911).padStart(7, '0')}`,
            riw_pendidikan_tgl: `${birthYear + 18}-06-20`,
            riw_pendidikan_lokasi: 'Maluku Utara',
            riw_pendidikan_pejabat: 'Kepala Sekolah',
            jurusan_id: byName(jurusan, 'IPA'),
            tingpend_id: sma,
            luar_negeri: 'f',
            status: 1,
          },
          {
            guru_id: guruId,
            riw_pendidikan_nm: pick(r, [
              'Universitas Khairun',
              'Universitas Muhammadiyah Maluku Utara',
              'Universitas Negeri Manado',
              'Universitas Negeri Makassar',
            ]),
            riw_pendidikan_sttb_ijazah: `${String(seq * 7331).padStart(6, '0')}/UN44/${birthYear + 23}`,
            riw_pendidikan_tgl: `${birthYear + 23}-09-${String(10 + (seq % 15)).padStart(2, '0')}`,
            riw_pendidikan_lokasi: 'Ternate',
            riw_pendidikan_pejabat: 'Rektor',
            jurusan_id: byName(jurusan, levelBp === 'SD' ? 'Pendidikan Guru Sekolah Dasar' : 'Pendidikan Matematika'),
            tingpend_id: s1,
            luar_negeri: 'f',
            status: (si + k) % 2 === 0 ? 0 : 1,
          },
        ])
        .returning({ id: table('riwpendidikan').id });
      const [non] = await db
        .insert(table('riwpendidikannon'))
        .values({
          guru_id: guruId,
          non_nama: 'Workshop Penyusunan Modul Ajar',
          non_tgl_mulai: '2023-07-10',
          non_tgl_selesai: '2023-07-12',
          non_sttp: `${seq}/WS/DIKBUD/2023`,
          non_sttp_tanggal: '2023-07-12',
          non_sttp_pejabat: 'Kepala Dinas Pendidikan',
          non_penyelenggara: 'Dinas Pendidikan Provinsi Maluku Utara',
          non_tempat: 'Sofifi',
        })
        .returning({ id: table('riwpendidikannon').id });
      const [dik] = await db
        .insert(table('diklat-teknis'))
        .values({
          guru_id: guruId,
          diklat_id: pick(r, diklat).id,
          diklat_mulai: '2024-02-05',
          diklat_selesai: '2024-02-09',
          diklat_penyelenggara: 'BBGP Maluku Utara',
          diklat_tempat: 'Ternate',
          diklat_jumlah_jam: [32, 40, 60][seq % 3],
          diklat_sttp_no: `STTP.${seq}/BBGP/2024`,
          diklat_sttp_tgl: '2024-02-09',
          diklat_sttp_pej: 'Kepala BBGP',
        })
        .returning({ id: table('diklat-teknis').id });
      await db.insert(table('riwpenghargaan')).values({
        guru_id: guruId,
        penghargaan_id:
          service >= 10
            ? byName(penghargaan, 'Satyalancana Karya Satya X Tahun')
            : byName(penghargaan, 'Piagam Penghargaan Bupati'),
        riw_usul_no: `KEP/${seq}/2023`,
        riw_penghargaan_tglsk: '2023-08-17',
        riw_penghargaan_jabatan: 'Bupati',
        riw_penghargaan_instansi: 'Pemerintah Kabupaten',
        riw_penghargaan_lokasi: 'Ternate',
      });
      await db.insert(table('riwkeahlianumum')).values({
        guru_id: guruId,
        keahlian_id: pick(r, keahlianU).id,
        keahlian_level_id: pick(r, level).id,
        riw_keahlian_sejak: `${birthYear + 25}-01-01`,
        pend_formal_id: formal!.id,
        pend_non_id: non!.id,
        pend_diklat_id: dik!.id,
        predikat: pick(r, ['Baik', 'Sangat Baik', 'Cukup']),
      });
      await db.insert(table('riwkeahlianbahasa')).values({
        guru_id: guruId,
        keahlian_id: pick(r, keahlianB).id,
        bicara_level_id: pick(r, level).id,
        mendengarkan_level_id: pick(r, level).id,
        menulis_level_id: pick(r, level).id,
        membaca_level_id: pick(r, level).id,
        riw_keahlian_sejak: `${birthYear + 20}-01-01`,
        pend_formal_id: null,
        pend_non_id: null,
        pend_diklat_id: null,
        predikat: 'Baik',
      });
      if (appointed) {
        // The appointment decree (CPNS: SK CPNS; PPPK: SK pengangkatan with the work agreement).
        await db.insert(table('riwpangkat')).values({
          guru_id: guruId,
          golongan: golongan!,
          riw_pangkat_sk: `800.1.13.2/${seq}/BKD/${appointed.slice(0, 4)}`,
          riw_pangkat_sktgl: addMonths(appointed, -1),
          riw_pangkat_pejabat: 'Gubernur Maluku Utara',
          riw_pangkat_thn: 0,
          riw_pangkat_bln: 0,
          riw_pangkat_tmt: appointed,
          status: 1,
        });
      } else if (golongan) {
        // Role 2's rank is four years old: the demo has teachers due for promotion. The rank decree's
        // MKG is the last KGB's less the months between them: MKG grows with time.
        const rankAge = role === 2 ? 4 : 3;
        const promoTmt = `${today.getUTCFullYear() - rankAge}-04-01`;
        const atPromo = Math.max(0, (mkg - 2) * 12 - (lastKgb ? monthsBetween(promoTmt, lastKgb) : 0));
        await db.insert(table('riwpangkat')).values({
          guru_id: guruId,
          golongan,
          riw_pangkat_sk: `821.2/${seq}/BKD/${today.getUTCFullYear() - rankAge}`,
          riw_pangkat_sktgl: `${today.getUTCFullYear() - rankAge}-03-20`,
          riw_pangkat_pejabat: 'Gubernur Maluku Utara',
          riw_pangkat_thn: Math.floor(atPromo / 12),
          riw_pangkat_bln: atPromo % 12,
          riw_pangkat_tmt: promoTmt,
          status: 1,
        });
        // The PAK the promotion rested on (a functional teacher, III/a and up): assessed up to the end
        // of the year before the TMT, so it belongs to the previous rank and the rule starts from the
        // golongan's lower end, as without it (docs/domain/kenaikan-pangkat.md, "Credit points").
        if (/^I(II|V)\//.test(golongan)) {
          const year = today.getUTCFullYear() - rankAge;
          await db.insert(table('riwpak')).values({
            guru_id: guruId,
            pak_nomor: `800.1.3/${seq}/PAK/${year}`,
            pak_tgl: `${year}-01-15`,
            pak_sampai: `${year - 1}-12-31`,
            ak_kumulatif: ANGKA_KREDIT[golongan]?.awal ?? 0,
            pak_pejabat: 'Kepala Dinas Pendidikan Provinsi Maluku Utara',
            status: si % 4 === 3 ? 0 : 1,
          });
        }
      }
      if (golongan && lastKgb && !pppk) {
        // A service-credit review (PMK) early in the career, older than the last KGB: the KGB stays the basis.
        const pmkTmt = firstOf(addMonths(lastKgb, -36));
        await db.insert(table('riwpmk')).values({
          guru_id: guruId,
          golongan,
          pmk_sk: `800.1.11/${seq}/BKD/${pmkTmt.slice(0, 4)}`,
          pmk_sktgl: addMonths(pmkTmt, -1),
          pmk_pejabat: 'Kepala Badan Kepegawaian Daerah Provinsi Maluku Utara',
          pmk_thn: Math.max(0, mkg - 5),
          pmk_bln: 0,
          pmk_gaji: salaryOn(PNS_STEPS, golongan, Math.max(0, mkg - 5), pmkTmt)?.gaji ?? null,
          pmk_tmt: pmkTmt,
          status: 1,
        });
      }
      const ktKey = await files.put(
        await demoPdf('Penelitian Tindakan Kelas', [
          nama,
          `Sekolah: ${school.npsn}`,
          'Meningkatkan hasil belajar melalui pembelajaran berdiferensiasi.',
        ]),
        'pdf',
      );
      await db.insert(table('riwkaryatulis')).values({
        guru_id: guruId,
        jenis_kt_id: pick(r, jenisKt).id,
        judul: 'Meningkatkan Hasil Belajar Siswa melalui Pembelajaran Berdiferensiasi',
        tgl_penerbitan: '2024-05-02',
        file_key: ktKey,
      });
      if (pns || pppk) {
        // Annual performance ratings since the last rank (docs/domain/kenaikan-pangkat.md): verified,
        // mostly Baik; every fifth school's KGB teacher Butuh Perbaikan last year; the newest one of
        // every third school still waiting for verification. Now and then a reprimand (Ringan).
        const thisYear = today.getUTCFullYear();
        await db.insert(table('riwskp')).values(
          [4, 3, 2, 1].map((ago) => {
            const y = thisYear - ago;
            const predikat =
              ago === 1 && role === 0 && si % 5 === 0
                ? 'Butuh Perbaikan'
                : (seq + y) % 4 === 0
                  ? 'Sangat Baik'
                  : 'Baik';
            return {
              guru_id: guruId,
              tahun: y,
              periode: 'Tahunan',
              predikat,
              penilai: role === 1 ? 'Pengawas Sekolah' : 'Kepala Sekolah',
              status: ago === 1 && si % 3 === 2 ? 0 : 1,
            };
          }),
        );
        if (si % 6 === 1 && role === 2)
          await db.insert(table('riwhukdis')).values({
            guru_id: guruId,
            tingkat: 'Ringan',
            jenis: 'Teguran tertulis',
            hukdis_sk: `862/${seq}/DIKBUD/${thisYear - 2}`,
            hukdis_sktgl: `${thisYear - 2}-05-10`,
            hukdis_tmt: `${thisYear - 2}-05-10`,
            hukdis_selesai: null,
            status: 1,
          });
      }
      if (birthYear < 1995) {
        // Family (docs/domain/pensiun.md): the spouse and two children (no random draws, so the rest of
        // the demo stays as it was), verified except in every fourth school.
        const verified = si % 4 === 3 ? 0 : 1;
        const nikah = `${birthYear + 26}-0${1 + (seq % 9)}-12`;
        // A child born in `tahun`, drawing the allowance while under 21.
        const anak = (nama: string, tahun: number, bulanHari: string) => ({
          guru_id: guruId,
          nama,
          hubungan: 'Anak Kandung',
          tgl_lahir: `${tahun}-${bulanHari}`,
          tgl_nikah: null,
          keadaan: 'Hidup',
          tunjangan: tahun > today.getUTCFullYear() - 21 ? 'Ya' : 'Tidak',
          status: verified,
        });
        await db.insert(table('riwkeluarga')).values([
          {
            guru_id: guruId,
            nama: `${(female ? ['Abdul Rahman', 'Muhammad Said', 'Yusuf Hamid'] : ['Siti Aminah', 'Nurlela Umar', 'Fatimah Saleh'])[seq % 3]}`,
            hubungan: female ? 'Suami' : 'Istri',
            tgl_lahir: `${birthYear + (female ? -2 : 2)}-03-0${1 + (seq % 9)}`,
            tgl_nikah: nikah,
            keadaan: 'Hidup',
            tunjangan: 'Ya',
            status: verified,
          },
          anak(
            `${['Ahmad', 'Rahmat', 'Nur', 'Putri', 'Aisyah'][seq % 5]} ${['Hidayat', 'Ramadhan', 'Sari', 'Lestari'][seq % 4]}`,
            birthYear + 28,
            `07-1${seq % 9}`,
          ),
          anak(
            `${['Fikri', 'Nabila', 'Zahra', 'Ilham'][seq % 4]} ${['Pratama', 'Maharani', 'Saputra'][seq % 3]}`,
            birthYear + 31,
            `11-2${seq % 8}`,
          ),
        ]);
      }
      if (golongan && lastKgb) {
        const kgbKey = await files.put(
          await demoPdf('Surat Keputusan Kenaikan Gaji Berkala', [
            nama,
            `NIP ${nip}`,
            `Golongan ${golongan}`,
            `TMT ${lastKgb}`,
          ]),
          'pdf',
        );
        // PPPK: MKG 2 after two years, Perpres 11/2024 IX (Rp3.304.400); PNS: PP 5/2024.
        const gaji = pppk
          ? PERPRES_11_2024.rows.IX!.find(([m]) => m === 2)![1]
          : gajiPokokPp5(golongan, Math.max(0, mkg - 2));
        await db.insert(table('riwkgb')).values({
          guru_id: guruId,
          no_kgb: `822/${seq}/KGB/${lastKgb.slice(0, 4)}`,
          perihal: 'Kenaikan Gaji Berkala',
          ttgl_kgb: lastKgb,
          gpl_kgb: gaji,
          file_kgb_key: kgbKey,
          gol_kgb: golongan,
          nosk_kgb: `822.4/${seq}/DIKBUD/${lastKgb.slice(0, 4)}`,
          tglsk_kgb: addMonths(lastKgb, -2),
          mkg_tahun: pppk ? 2 : Math.max(0, mkg - 2),
          mkg_bulan: 0,
          status: 1,
        });
      }
      // The profile's golongan, MKG, salary and last KGB follow the record, as after any decree.
      if (golongan) await syncTeacherFromRecord(db, guruId, today, DEFAULT_OFFICE_TIMEZONE);
    }
  }
}
