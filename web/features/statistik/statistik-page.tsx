import { useState } from 'react';
import type { BulanTotal, GuruJenisKelamin, KunjunganHarian, Rasio, TahunTotal } from '#contract/statistik.ts';
import { MSG } from '#contract/messages.ts';
import { formatNumber } from '../../lib/format.ts';
import { useStatistik } from './api/statistik.ts';
import { ChartPanel } from './components/chart-panel.tsx';
import type { StatColumn } from './components/stat-table.tsx';
import { LiteSelect } from '../../components/lite/controls.tsx';
import { LiteTabs } from '../../components/lite/tabs.tsx';
import { barOption, lineOption, pieOption } from './components/options.ts';
import './statistik.css';
import { useUrlState } from '../../lib/url-state.ts';
import { useMedia } from '../../lib/use-media.ts';

const LEVEL_COLOR: Record<string, string> = {
  TK: '#f59e0b',
  SD: '#dc2626',
  SMP: '#2563eb',
  SMA: '#6b7280',
  SMK: '#0d9488',
  SLB: '#7c3aed',
};
const C = {
  blue: '#2563eb',
  pink: '#db2777',
  teal: '#0d9488',
  amber: '#d97706',
  green: '#16a34a',
  orange: '#ea580c',
  red: '#dc2626',
  gray: '#64748b',
};

const num = (v: number | null | undefined) => (v === null || v === undefined ? MSG.emptyValue : formatNumber(v));
const allZero = (values: number[]) => values.every((v) => !v);

const bulanColumns: StatColumn<BulanTotal>[] = [
  { title: 'Bulan', dataIndex: 'label' },
  { title: 'Jumlah', dataIndex: 'total', align: 'right', render: num },
];

/**
 * The rows, empty state and chart of a panel of one series of totals (one a month, a day or a
 * year): blank, with its note, while every total is zero.
 */
function totalsChart<Row extends { total: number }>(
  data: Row[] | undefined,
  chart: typeof barOption | typeof lineOption,
  label: (r: Row) => string,
  { name, color }: { name: string; color: string },
) {
  const rows = data ?? [];
  const totals = rows.map((r) => r.total);
  return {
    rows,
    empty: allZero(totals),
    option: chart(rows.map(label), [{ name, data: totals, color }], { integer: true }),
  };
}

/** The dropdown of a tab with two charts: the chosen one (the first at the start) and the dropdown. */
function useChoice<V extends string>(options: { value: V; label: string }[], label: string, testId: string) {
  const [choice, setChoice] = useState<V>(options[0]!.value);
  const dropdown = (
    <LiteSelect<V>
      value={choice}
      onChange={setChoice}
      width={300}
      aria-label={label}
      data-testid={testId}
      options={options}
    />
  );
  return [choice, dropdown] as const;
}

/** Each row's share of the total, in percent with one decimal. */
const percentColumn = <Row,>(total: number, value: (r: Row) => number): StatColumn<Row> => ({
  title: 'Persentase',
  key: 'persen',
  align: 'right',
  render: (_v, r) => (total ? `${formatNumber((value(r) / total) * 100, 1)}%` : '0%'),
});

// ---- 1. Statistik Guru -------------------------------------------------------------------------

const GURU_CHOICES = [
  { value: 'pensiun' as const, label: 'Guru Pensiun 6 Bulan Terakhir' },
  { value: 'jenis-kelamin' as const, label: 'Guru per Jenis Kelamin' },
];

function TabGuru() {
  const [choice, dropdown] = useChoice(GURU_CHOICES, 'Pilih statistik guru', 'select-guru');
  const pensiun = useStatistik('guru-pensiun', choice === 'pensiun');
  const jk = useStatistik('jumlah-guru-jenis-kelamin', choice === 'jenis-kelamin');
  if (choice === 'pensiun') {
    return (
      <ChartPanel<BulanTotal>
        testId="chart-guru-pensiun"
        title="Guru Pensiun 6 Bulan Terakhir"
        subtitle="Jumlah guru yang memasuki masa pensiun (BUP) tiap bulan"
        extra={dropdown}
        query={pensiun}
        {...totalsChart(pensiun.data, barOption, (r) => r.label, { name: 'Guru pensiun', color: C.amber })}
        rowKey="bulan"
        columns={bulanColumns}
        emptyText="Tidak ada guru yang pensiun dalam 6 bulan terakhir"
      />
    );
  }
  const rows = jk.data ?? [];
  return (
    <ChartPanel<GuruJenisKelamin>
      testId="chart-guru-jenis-kelamin"
      title="Guru per Jenis Kelamin"
      subtitle="Laki-laki dan perempuan tiap jenjang"
      extra={dropdown}
      query={jk}
      rows={rows}
      rowKey="pendidikan"
      empty={allZero(rows.flatMap((r) => [r.lk, r.pr]))}
      emptyText="Belum ada data guru"
      columns={[
        { title: 'Jenjang', dataIndex: 'pendidikan' },
        { title: 'Laki-laki', dataIndex: 'lk', align: 'right', render: num },
        { title: 'Perempuan', dataIndex: 'pr', align: 'right', render: num },
        { title: 'Jumlah', key: 'jumlah', align: 'right', render: (_v, r) => num(r.lk + r.pr) },
      ]}
      option={barOption(
        rows.map((r) => r.pendidikan),
        [
          { name: 'Laki-laki', data: rows.map((r) => r.lk), color: C.blue },
          { name: 'Perempuan', data: rows.map((r) => r.pr), color: C.pink },
        ],
        { integer: true },
      )}
    />
  );
}

// ---- 2. Statistik Sekolah ----------------------------------------------------------------------

const SEKOLAH_CHOICES = [
  { value: 'unit' as const, label: 'Jumlah Unit Sekolah per Jenjang' },
  { value: 'guru' as const, label: 'Jumlah Guru per Jenjang' },
];

function TabSekolah() {
  const [choice, dropdown] = useChoice(SEKOLAH_CHOICES, 'Pilih statistik sekolah', 'select-sekolah');
  const unit = useStatistik('jumlah-unit-sekolah', choice === 'unit');
  const guru = useStatistik('jumlah-guru', choice === 'guru');
  const parts =
    choice === 'unit'
      ? (unit.data ?? []).map((r) => ({ jenjang: r.bentuk_pendidikan, jumlah: r.total_sekolah }))
      : (guru.data ?? []).map((r) => ({ jenjang: r.bentuk_pendidikan, jumlah: r.total_guru }));
  const total = parts.reduce((a, r) => a + r.jumlah, 0);
  const title = choice === 'unit' ? 'Jumlah Unit Sekolah per Jenjang' : 'Jumlah Guru per Jenjang';
  return (
    <ChartPanel<{ jenjang: string; jumlah: number }>
      testId={choice === 'unit' ? 'chart-unit-sekolah' : 'chart-guru-jenjang'}
      title={title}
      subtitle={`Total ${formatNumber(total)} ${choice === 'unit' ? 'sekolah' : 'guru'}`}
      extra={dropdown}
      query={choice === 'unit' ? unit : guru}
      rows={parts}
      rowKey="jenjang"
      empty={total === 0}
      emptyText={choice === 'unit' ? 'Belum ada sekolah terdaftar' : 'Belum ada guru di sekolah mana pun'}
      columns={[
        { title: 'Jenjang', dataIndex: 'jenjang' },
        {
          title: choice === 'unit' ? 'Jumlah Sekolah' : 'Jumlah Guru',
          dataIndex: 'jumlah',
          align: 'right',
          render: num,
        },
        percentColumn(total, (r) => r.jumlah),
      ]}
      option={pieOption(
        title,
        parts.map((r) => ({ name: r.jenjang, value: r.jumlah, color: LEVEL_COLOR[r.jenjang] })),
        { donut: choice === 'guru' },
      )}
    />
  );
}

// ---- 3. Statistik KGB --------------------------------------------------------------------------

function TabKgb() {
  const kgb = useStatistik('kgb');
  return (
    <ChartPanel<BulanTotal>
      testId="chart-kgb"
      title="Statistik KGB"
      subtitle="Surat KGB yang ditandatangani tiap bulan, 6 bulan terakhir"
      query={kgb}
      {...totalsChart(kgb.data, lineOption, (r) => r.label, { name: 'Surat KGB', color: C.teal })}
      rowKey="bulan"
      columns={bulanColumns}
      emptyText="Belum ada surat KGB yang ditandatangani dalam 6 bulan terakhir"
    />
  );
}

// ---- 4. Statistik Kunjungan --------------------------------------------------------------------

function TabKunjungan() {
  const visits = useStatistik('kunjungan');
  return (
    <ChartPanel<KunjunganHarian>
      testId="chart-kunjungan"
      title="Statistik Kunjungan"
      subtitle="Pengguna yang masuk ke aplikasi tiap hari, 2 minggu terakhir"
      query={visits}
      {...totalsChart(visits.data, lineOption, (r) => r.label, { name: 'Pengguna', color: C.blue })}
      rowKey="tanggal"
      emptyText="Belum ada kunjungan dalam 2 minggu terakhir"
      columns={[
        { title: 'Tanggal', dataIndex: 'label' },
        { title: 'Pengguna', dataIndex: 'total', align: 'right', render: num },
      ]}
    />
  );
}

// ---- 5. Statistik Perkiraan --------------------------------------------------------------------

function TabPerkiraan() {
  const forecast = useStatistik('pensiun-lima-tahun');
  return (
    <ChartPanel<TahunTotal>
      testId="chart-perkiraan"
      title="Perkiraan Guru Pensiun 5 Tahun ke Depan"
      subtitle="Jumlah guru yang mencapai batas usia pensiun tiap tahun"
      query={forecast}
      {...totalsChart(forecast.data, barOption, (r) => String(r.tahun), { name: 'Guru pensiun', color: C.orange })}
      rowKey="tahun"
      emptyText="Tidak ada guru yang pensiun dalam 5 tahun ke depan"
      columns={[
        { title: 'Tahun', dataIndex: 'tahun' },
        { title: 'Guru pensiun', dataIndex: 'total', align: 'right', render: num },
      ]}
    />
  );
}

// ---- 6. Kondisi Ruang Kelas --------------------------------------------------------------------

function TabRuangKelas() {
  const kondisi = useStatistik('kondisi-ruang-kelas');
  const d = kondisi.data;
  const rows = d
    ? [
        { kondisi: 'Layak', keterangan: 'Baik', persen: d.layak, jumlah: d.jumlah.layak },
        {
          kondisi: 'Kurang Layak',
          keterangan: 'Rusak Ringan, Rusak Sedang',
          persen: d.kurang_layak,
          jumlah: d.jumlah.kurang_layak,
        },
        { kondisi: 'Tidak Layak', keterangan: 'Rusak Berat', persen: d.tidak_layak, jumlah: d.jumlah.tidak_layak },
      ]
    : [];
  return (
    <ChartPanel<(typeof rows)[number]>
      testId="chart-ruang-kelas"
      title="Kondisi Ruang Kelas"
      subtitle={d ? `Persentase dari ${formatNumber(d.total_ruang_kelas)} ruang kelas` : undefined}
      query={kondisi}
      rows={rows}
      rowKey="kondisi"
      empty={!d?.total_ruang_kelas}
      emptyText="Belum ada ruang kelas yang terdata"
      columns={[
        { title: 'Kondisi', dataIndex: 'kondisi' },
        { title: 'Kondisi ruangan', dataIndex: 'keterangan' },
        { title: 'Jumlah ruang', dataIndex: 'jumlah', align: 'right', render: num },
        { title: 'Persentase', dataIndex: 'persen', align: 'right', render: (v: number) => `${formatNumber(v)}%` },
      ]}
      option={barOption(
        rows.map((r) => r.kondisi),
        [{ name: 'Ruang kelas', data: rows.map((r) => r.persen) }],
        { percent: true, colorByPoint: [C.green, C.amber, C.red] },
      )}
    />
  );
}

// ---- 7. Kualifikasi Pendidik -------------------------------------------------------------------

const KUALIFIKASI_CHOICES = [
  { value: 'kualifikasi' as const, label: 'Kualifikasi: Sarjana dan Non Sarjana' },
  { value: 'sertifikasi' as const, label: 'Sertifikasi: Belum dan Sudah' },
];

function TabKualifikasi() {
  const [choice, dropdown] = useChoice(KUALIFIKASI_CHOICES, 'Pilih statistik kualifikasi', 'select-kualifikasi');
  const kualifikasi = useStatistik('kualifikasi-pendidik', choice === 'kualifikasi');
  const sertifikasi = useStatistik('pendidik-tersertifikasi', choice === 'sertifikasi');
  const parts =
    choice === 'kualifikasi'
      ? kualifikasi.data
        ? [
            { name: 'Sarjana', value: kualifikasi.data.sarjana, color: C.blue },
            { name: 'Non Sarjana', value: kualifikasi.data.not_sarjna, color: C.gray },
          ]
        : []
      : sertifikasi.data
        ? [
            { name: 'Belum', value: sertifikasi.data.belum, color: C.gray },
            { name: 'Sudah', value: sertifikasi.data.sudah, color: C.green },
          ]
        : [];
  const total = parts.reduce((a, p) => a + p.value, 0);
  const title =
    choice === 'kualifikasi'
      ? 'Kualifikasi Pendidik (Sarjana dan Non Sarjana)'
      : 'Pendidik Tersertifikasi (Belum dan Sudah)';
  return (
    <ChartPanel<(typeof parts)[number]>
      testId={choice === 'kualifikasi' ? 'chart-kualifikasi' : 'chart-sertifikasi'}
      title={title}
      subtitle={
        choice === 'kualifikasi'
          ? 'Sarjana: pendidikan terakhir D4, S1, S2 atau S3'
          : 'Sertifikasi pendidik: Ya atau Tidak'
      }
      extra={dropdown}
      query={choice === 'kualifikasi' ? kualifikasi : sertifikasi}
      rows={parts}
      rowKey="name"
      empty={total === 0}
      emptyText="Belum ada data guru"
      columns={[
        { title: choice === 'kualifikasi' ? 'Kualifikasi' : 'Sertifikasi', dataIndex: 'name' },
        { title: 'Jumlah guru', dataIndex: 'value', align: 'right', render: num },
        percentColumn(total, (r) => r.value),
      ]}
      option={pieOption(title, parts)}
    />
  );
}

// ---- 8. Data Rasio Pendidik --------------------------------------------------------------------

const rasioText = (v: number | null) => (v === null ? MSG.emptyValue : `1 : ${formatNumber(v)}`);

function TabRasio() {
  const rasio = useStatistik('rasio');
  const rows = rasio.data ?? [];
  const tahun = rows[0]?.tahun ?? new Date().getFullYear();
  return (
    <ChartPanel<Rasio>
      testId="chart-rasio"
      title={`Data Rasio Pendidik ${tahun}`}
      subtitle="Jumlah siswa per guru dan per guru PNS tiap jenjang"
      query={rasio}
      rows={rows}
      rowKey="pendidikan"
      empty={rows.every((r) => r.gurusiswa === null && r.pnssiswa === null)}
      emptyText="Belum ada guru atau siswa yang terdata"
      columns={[
        { title: 'Jenjang', dataIndex: 'pendidikan' },
        { title: 'Siswa', dataIndex: 'siswa', align: 'right', render: num },
        { title: 'Guru', dataIndex: 'guru', align: 'right', render: num },
        { title: 'Guru PNS', dataIndex: 'pns', align: 'right', render: num },
        { title: 'Rasio guru : siswa', dataIndex: 'gurusiswa', align: 'right', render: rasioText },
        { title: 'Rasio guru PNS : siswa', dataIndex: 'pnssiswa', align: 'right', render: rasioText },
      ]}
      option={barOption(
        rows.map((r) => r.pendidikan),
        [
          { name: 'Siswa per guru', data: rows.map((r) => r.gurusiswa), color: C.teal },
          { name: 'Siswa per guru PNS', data: rows.map((r) => r.pnssiswa), color: C.blue },
        ],
      )}
    />
  );
}

// ---- The page ----------------------------------------------------------------------------------

/** SPEC §2 "Statistics page": eight tabs, in the spec's order. */
const TABS = [
  { key: 'guru', label: 'Statistik Guru', children: <TabGuru /> },
  { key: 'sekolah', label: 'Statistik Sekolah', children: <TabSekolah /> },
  { key: 'kgb', label: 'Statistik KGB', children: <TabKgb /> },
  { key: 'kunjungan', label: 'Statistik Kunjungan', children: <TabKunjungan /> },
  { key: 'perkiraan', label: 'Statistik Perkiraan', children: <TabPerkiraan /> },
  { key: 'ruang-kelas', label: 'Kondisi Ruang Kelas', children: <TabRuangKelas /> },
  { key: 'kualifikasi', label: 'Kualifikasi Pendidik', children: <TabKualifikasi /> },
  { key: 'rasio', label: 'Data Rasio Pendidik', children: <TabRasio /> },
];

/**
 * Drawn without antd in its look (components/lite): the titles and the first panel render before
 * ECharts, and no antd is downloaded. The route's loader starts the first tab's request.
 */
export function StatistikPage() {
  // The chosen tab stays in the URL, the first one too.
  const [url, setUrl] = useUrlState({ tab: '' });
  const active = TABS.some((t) => t.key === url.tab) ? url.tab : 'guru';
  // Eight titles do not fit in one row beside the side menu: on wide screens they stand in a column.
  // At least antd's `lg` (992 px).
  const wide = useMedia('(min-width: 992px)');
  return (
    <>
      <h1 className="lite-title page-title">Data Statistik</h1>
      <LiteTabs
        activeKey={active}
        onChange={(key) => setUrl({ tab: key })}
        items={TABS}
        position={wide ? 'left' : 'top'}
        className="stat-tabs"
        testId="statistik-tabs"
      />
    </>
  );
}
