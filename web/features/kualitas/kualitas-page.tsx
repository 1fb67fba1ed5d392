import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Col, Row, Skeleton, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CheckCircleFilled,
  ExclamationCircleFilled,
  IdcardOutlined,
  SolutionOutlined,
  ScheduleOutlined,
  CrownOutlined,
  NumberOutlined,
  SafetyCertificateOutlined,
  FileSearchOutlined,
  DiffOutlined,
  ReadOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
} from '@ant-design/icons';
import type { KualitasCount, KualitasRow } from '#contract/kualitas.ts';
import { KUALITAS_CHECKS, type KualitasKode } from '#contract/kualitas-values.ts';
import { MSG } from '#contract/messages.ts';
import { familyOf, paths, guruPaths } from '../../app/paths.ts';
import { PagedTable } from '../../components/ui/paged-table.tsx';
import { failureText } from '../../components/ui/form-errors.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useKualitasCounts, useKualitasList } from './api/kualitas.ts';
import './kualitas.css';

const ICON: Record<KualitasKode, ReactNode> = {
  'guru-tanpa-nuptk': <IdcardOutlined />,
  'guru-tanpa-nik': <SolutionOutlined />,
  'pns-tanpa-kgb': <ScheduleOutlined />,
  'pns-tanpa-golongan': <CrownOutlined />,
  'pns-tanpa-sk': <FileSearchOutlined />,
  'profil-beda-riwayat': <DiffOutlined />,
  'mkg-di-antara-tahap': <ScheduleOutlined />,
  'mkg-tidak-bertambah': <DiffOutlined />,
  'nip-tidak-cocok': <NumberOutlined />,
  'guru-belum-verifikasi': <SafetyCertificateOutlined />,
  'pendidikan-belum-verifikasi': <ReadOutlined />,
  'sekolah-tanpa-koordinat': <EnvironmentOutlined />,
  'sekolah-tanpa-wilayah': <GlobalOutlined />,
};

const GROUPS = [
  { jenis: 'guru', title: 'Guru' },
  { jenis: 'sekolah', title: 'Sekolah' },
] as const;

const isKode = (v: string | null): v is KualitasKode => KUALITAS_CHECKS.some((c) => c.kode === v);

/**
 * Data quality (administrators): how many teachers and schools miss data or disagree with
 * themselves, per check; a check opens the list of those records with links to fix them.
 */
export function KualitasPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const [params, setParams] = useSearchParams();
  const cek = params.get('cek');
  const kode = isKode(cek) ? cek : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const counts = useKualitasCounts();
  const list = useKualitasList(kode, page);
  const check = KUALITAS_CHECKS.find((c) => c.kode === kode) ?? null;
  const count = counts.data?.find((c) => c.kode === kode);
  const detailRef = useRef<HTMLElement>(null);

  // Choosing a check brings its list into view.
  useEffect(() => {
    if (kode) detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [kode]);

  const byKode = new Map<string, KualitasCount>((counts.data ?? []).map((c) => [c.kode, c]));
  const school = check?.jenis === 'sekolah';
  const data = list.data;

  const columns: TableColumnsType<KualitasRow> = [
    { title: 'No', key: 'no', width: 60, render: (_v, _r, i) => (data?.from ?? 1) + i },
    school
      ? {
          title: 'Nama Sekolah',
          dataIndex: 'nama',
          render: (nama: string, row) =>
            row.npsn ? (
              <Link to={paths.userDetail(family, row.npsn)} data-testid="kualitas-link">
                {nama}
              </Link>
            ) : (
              nama
            ),
        }
      : {
          title: 'Nama',
          dataIndex: 'nama',
          render: (nama: string, row) => (
            <Link to={guruPaths.detail(family, row.id)} data-testid="kualitas-link">
              {nama}
            </Link>
          ),
        },
    {
      title: school ? 'NPSN' : 'NIP',
      dataIndex: 'nomor',
      width: school ? 120 : 190,
      render: (v: string | null) =>
        v || <Typography.Text type="secondary">{school ? MSG.emptyValue : 'Tanpa NIP'}</Typography.Text>,
    },
    ...(school
      ? []
      : [
          {
            title: 'Sekolah',
            key: 'sekolah',
            render: (_v: unknown, row: KualitasRow) =>
              row.npsn ? (
                <Link to={paths.userDetail(family, row.npsn)}>{row.sekolah ?? row.npsn}</Link>
              ) : (
                <Typography.Text type="secondary">{MSG.emptyValue}</Typography.Text>
              ),
          },
        ]),
    {
      title: school ? 'Tingkat' : 'Jenis Guru',
      dataIndex: 'keterangan',
      width: 130,
      render: (v: string | null) => v || MSG.emptyValue,
    },
  ];

  const select = (k: KualitasKode) => setParams(k === kode ? {} : { cek: k }, { replace: false });

  return (
    <>
      <div className="toolbar" style={{ alignItems: 'flex-start' }}>
        <div>
          <Typography.Title level={1} className="page-title">
            Kualitas Data
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Data guru dan sekolah yang belum lengkap atau tidak konsisten. Pilih salah satu pemeriksaan untuk melihat
            datanya.
          </Typography.Paragraph>
        </div>
        <Button loading={counts.isFetching} onClick={() => counts.refetch()}>
          Muat ulang
        </Button>
      </div>
      {counts.isError && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={failureText(counts.error)} />
      )}

      {GROUPS.map((g) => (
        <section key={g.jenis} className="kualitas-group" aria-label={`Pemeriksaan data ${g.title.toLowerCase()}`}>
          <Typography.Title level={5} className="kualitas-group-title">
            {g.title}
          </Typography.Title>
          <Row gutter={[12, 12]}>
            {KUALITAS_CHECKS.filter((c) => c.jenis === g.jenis).map((c) => {
              const n = byKode.get(c.kode)?.jumlah;
              const clean = n === 0;
              const active = c.kode === kode;
              return (
                <Col xs={24} sm={12} xl={8} key={c.kode}>
                  <button
                    type="button"
                    className={`kualitas-card${active ? ' is-active' : ''}${clean ? ' is-clean' : ''}`}
                    aria-pressed={active}
                    onClick={() => select(c.kode)}
                    data-testid={`kualitas-${c.kode}`}
                  >
                    <span className="kualitas-card-icon">{ICON[c.kode]}</span>
                    <span className="kualitas-card-text">
                      <span className="kualitas-card-title">{c.judul}</span>
                      {counts.isPending ? (
                        <Skeleton.Button active size="small" />
                      ) : (
                        <span className="kualitas-card-count">
                          <strong data-testid="kualitas-jumlah">{n === undefined ? '–' : formatNumber(n, 0)}</strong>
                          {clean ? (
                            <span className="kualitas-card-state ok">
                              <CheckCircleFilled /> Lengkap
                            </span>
                          ) : n !== undefined ? (
                            <span className="kualitas-card-state warn">
                              <ExclamationCircleFilled /> {c.jenis} perlu diperiksa
                            </span>
                          ) : null}
                        </span>
                      )}
                    </span>
                  </button>
                </Col>
              );
            })}
          </Row>
        </section>
      ))}

      <section ref={detailRef} className="kualitas-detail" aria-label="Daftar data" data-testid="kualitas-detail">
        {!check ? (
          <Typography.Paragraph type="secondary" className="kualitas-hint">
            Pilih salah satu pemeriksaan di atas untuk melihat daftar datanya.
          </Typography.Paragraph>
        ) : (
          <>
            <div className="toolbar">
              <Space wrap align="center">
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="kualitas-detail-title">
                  {check.judul}
                </Typography.Title>
                {count && (
                  <Tag color={count.jumlah ? 'orange' : 'green'}>
                    {formatNumber(count.jumlah, 0)} {check.jenis}
                  </Tag>
                )}
              </Space>
              <Button onClick={() => setParams({})}>Tutup</Button>
            </div>
            {list.isError && (
              <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={failureText(list.error)} />
            )}
            <PagedTable<KualitasRow>
              list={list}
              columns={columns}
              onPage={(p) => setParams({ cek: check.kode, page: String(p) })}
              size="middle"
              scrollX={720}
              // Its own empty text: an empty check means every record is complete.
              locale={{ emptyText: 'Tidak ada data: semuanya sudah lengkap' }}
              testId="kualitas-table"
            />
          </>
        )}
      </section>
    </>
  );
}
