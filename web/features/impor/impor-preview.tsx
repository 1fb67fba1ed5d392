import { useMemo } from 'react';
import { Alert, Button, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CloudUploadOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ImporAksi, ImporBaris, ImporHasil } from '#contract/impor.ts';
import { MSG } from '#contract/messages.ts';
import { AKSI, AKSI_ORDER, fmt, laporanCsv, validOf, type Filter } from './impor-format.ts';
import { saveBlob } from '../../lib/documents.ts';
import { cardTable } from '../../components/ui/card-table.ts';

/** The checked rows of an import file (or the rows of the finished import): counts, filter, table, actions. */
export function ImporPreview({
  hasil,
  done,
  filter,
  onFilter,
  busy,
  importing,
  onReset,
  onImport,
}: {
  hasil: ImporHasil;
  done: ImporHasil | null;
  filter: Filter;
  onFilter: (f: Filter) => void;
  busy: boolean;
  importing: boolean;
  onReset: () => void;
  onImport: () => void;
}) {
  const rows = useMemo(
    () => (filter === 'semua' ? hasil.baris : hasil.baris.filter((b) => b.aksi === filter)),
    [hasil, filter],
  );
  const valid = validOf(hasil);

  const sekolah = hasil.format === 'sekolah';
  const columns: TableColumnsType<ImporBaris> = [
    { title: 'Baris', dataIndex: 'baris', width: 72, align: 'right' },
    sekolah
      ? {
          title: 'NPSN',
          dataIndex: 'npsn',
          width: 120,
          render: (v: string | null) => v || <Typography.Text type="secondary">{MSG.emptyValue}</Typography.Text>,
        }
      : {
          title: 'NIP',
          dataIndex: 'nip',
          width: 190,
          render: (v: string | null) => v || <Typography.Text type="secondary">Tanpa NIP</Typography.Text>,
        },
    {
      title: 'Nama',
      dataIndex: 'nama',
      width: 220,
      render: (v: string | null) => v || <Typography.Text type="secondary">{MSG.emptyValue}</Typography.Text>,
    },
    {
      title: 'Aksi',
      dataIndex: 'aksi',
      width: 90,
      render: (a: ImporAksi) => (
        <Tag color={AKSI[a].color} data-testid="impor-aksi">
          {AKSI[a].label}
        </Tag>
      ),
    },
    {
      title: 'Masalah',
      key: 'masalah',
      render: (_v, row) =>
        row.masalah.length === 0 ? (
          <Typography.Text type="secondary">–</Typography.Text>
        ) : (
          <ul className="impor-masalah" data-testid="impor-masalah">
            {row.masalah.map((m, i) => (
              <li key={i}>
                <strong>{m.kolom}</strong>: {m.pesan}
              </li>
            ))}
          </ul>
        ),
    },
    {
      title: 'Perubahan',
      key: 'perubahan',
      render: (_v, row) => {
        if (row.aksi === 'tendik')
          return (
            <Typography.Text type="secondary">{row.jenis_ptk}: tenaga kependidikan, tidak diimpor</Typography.Text>
          );
        if (!row.perubahan?.length && !row.konflik?.length && !row.catatan?.length)
          return row.cocok ? (
            <Typography.Text type="secondary">Cocok lewat {row.cocok}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">–</Typography.Text>
          );
        return (
          <ul className="impor-masalah" data-testid="impor-perubahan">
            {row.perubahan?.map((c, i) => (
              <li key={`p${i}`}>
                <strong>{c.kolom}</strong>: {c.lama ?? '(kosong)'} → {c.baru ?? '(kosong)'}
              </li>
            ))}
            {row.catatan?.map((c, i) => (
              <li key={`c${i}`} className="impor-konflik" data-testid="impor-catatan">
                <strong>{c.kolom}</strong>: {c.pesan}
              </li>
            ))}
            {row.konflik?.map((c, i) => (
              <li key={`k${i}`} className="impor-konflik" data-testid="impor-konflik">
                <strong>{c.kolom}</strong>: {c.lama ?? '(kosong)'} → {c.baru ?? '(kosong)'} tidak diterapkan. {c.alasan}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  return (
    <section aria-label={done ? 'Hasil impor' : 'Pratinjau impor'} data-testid="impor-preview">
      <div className="impor-summary" data-testid="impor-ringkasan">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {done ? 'Hasil impor' : 'Pratinjau'}
        </Typography.Title>
        <span className="impor-count">
          Total <strong data-testid="ringkasan-total">{fmt(hasil.ringkasan.total)}</strong> baris
        </span>
        {AKSI_ORDER.filter((a) => !(sekolah && a === 'tendik')).map((a) => (
          <Tag key={a} color={AKSI[a].color} data-testid={`ringkasan-${a}`}>
            {AKSI[a].label}: {fmt(hasil.ringkasan[a])}
          </Tag>
        ))}
      </div>
      <div className="toolbar">
        <Segmented<Filter>
          value={filter}
          onChange={onFilter}
          aria-label="Tampilkan baris"
          options={[
            { value: 'semua', label: `Semua (${fmt(hasil.ringkasan.total)})` },
            ...AKSI_ORDER.filter((a) => hasil.ringkasan[a] > 0).map((a) => ({
              value: a,
              label: `${AKSI[a].label} (${fmt(hasil.ringkasan[a])})`,
            })),
          ]}
        />
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            data-testid="impor-laporan"
            onClick={() =>
              saveBlob(
                new Blob([laporanCsv(hasil, !!done)], { type: 'text/csv;charset=utf-8' }),
                done ? 'laporan-impor.csv' : 'pratinjau-impor.csv',
              )
            }
          >
            Unduh laporan
          </Button>
          {done ? (
            <Button icon={<ReloadOutlined />} onClick={onReset}>
              Impor berkas lain
            </Button>
          ) : (
            <>
              <Button onClick={onReset} disabled={busy}>
                Batal
              </Button>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                disabled={valid === 0 || busy}
                loading={importing}
                onClick={onImport}
                data-testid="impor-submit"
              >
                Impor {fmt(valid)} baris valid
              </Button>
            </>
          )}
        </Space>
      </div>
      {!done && hasil.ringkasan.galat > 0 && (
        <Typography.Paragraph type="secondary" data-testid="impor-galat-note">
          {fmt(hasil.ringkasan.galat)} baris bermasalah akan dilewati. Perbaiki berkasnya lalu unggah lagi untuk
          mengimpor baris tersebut.
        </Typography.Paragraph>
      )}
      {hasil.tidak_ada_di_berkas.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="impor-done"
          data-testid="impor-tidak-ada"
          title={`${fmt(hasil.tidak_ada_di_berkas.length)} guru aktif sekolah ini tidak ada di berkas`}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                Mereka tidak dihapus. Periksa apakah pindah tugas, pensiun atau berhenti, lalu ubah status
                kepegawaiannya di halaman guru.
              </Typography.Paragraph>
              <Typography.Text>
                {hasil.tidak_ada_di_berkas
                  .slice(0, 20)
                  .map((g) => (g.nip ? `${g.nama} (${g.nip})` : g.nama))
                  .join('; ')}
                {hasil.tidak_ada_di_berkas.length > 20
                  ? `; dan ${fmt(hasil.tidak_ada_di_berkas.length - 20)} lainnya`
                  : ''}
              </Typography.Text>
            </>
          }
        />
      )}
      <Table<ImporBaris>
        rowKey="baris"
        {...cardTable(columns)}
        dataSource={rows}
        size="middle"
        scroll={{ x: 1160 }}
        rowClassName={(r) => (r.aksi === 'galat' ? 'impor-row-galat' : '')}
        pagination={{
          pageSize: 20,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (t, [a, b]) => `${a}–${b} dari ${fmt(t)} baris`,
        }}
        locale={{ emptyText: 'Berkas tidak memuat baris data' }}
        data-testid="impor-table"
      />
    </section>
  );
}
