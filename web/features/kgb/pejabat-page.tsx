import { ProfilKantorForm } from '../kantor/index.ts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { App, Alert, Button, Table, Tooltip, type TableColumnsType } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import type { Pejabat } from '#contract/kgb.ts';
import { MSG } from '#contract/messages.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { PlainCard, PlainParagraph, PlainTag, PlainText, PlainTitle } from '../../components/lazy-free-ui.tsx';
import { formatDate } from '../../lib/format.ts';
import { useActivatePejabat, usePejabat, useStatusSertifikat } from './api/kgb.ts';
import { SignatureNote } from './components/signature-note.tsx';
import { useAppConfig } from '../../lib/app-config.ts';
import './kgb.css';
import { listEmpty } from '../../components/ui/list-empty.tsx';
import { cardTable } from '../../components/ui/card-table.ts';

// The letter settings sit below the list and the registration form, and show a skeleton until
// the settings arrive: they download right after the page is drawn.
const loadSettings = () => import('./components/letter-settings-form.tsx');
const LetterSettingsForm = lazy(() => loadSettings().then((m) => ({ default: m.LetterSettingsForm })));
// The registration form likewise: the list of officials is what the page opens for.
const loadForm = () => import('./components/pejabat-form.tsx');
const PejabatForm = lazy(() => loadForm().then((m) => ({ default: m.PejabatForm })));

const DelegasiModal = lazy(() => import('./components/delegasi-modal.tsx').then((m) => ({ default: m.DelegasiModal })));

/** Whom an official signs for: everyone else (active), a delegation, or no one. */
function signsFor(p: Pejabat): string {
  if (p.delegasi)
    return [
      p.delegasi.golongan.length ? `Golongan ${p.delegasi.golongan.join(', ')}` : 'Semua golongan',
      p.delegasi.jenjang.length ? p.delegasi.jenjang.join(', ') : 'semua jenjang',
    ].join(' · ');
  return p.aktif ? 'Semua surat lainnya' : '-';
}

/** A card holding one of the page's forms, downloaded on demand: its note, then the form (a placeholder meanwhile). */
function FormCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <PlainCard title={title}>
      {note && <PlainParagraph secondary>{note}</PlainParagraph>}
      <Suspense fallback={<div className="pengaturan-loading" aria-busy="true" />}>{children}</Suspense>
    </PlainCard>
  );
}

const shortHash = (h: string) => (h.length > 20 ? `${h.slice(0, 12)}…${h.slice(-6)}` : h);

/**
 * Signing officials (administrators): who signs KGB letters, their certificates, which one is
 * active; registration of a new official; the office settings printed on the letter.
 */
export function PejabatPage() {
  const { modal, message } = App.useApp();
  const list = usePejabat();
  const activate = useActivatePejabat();
  // Through BSrE each official's certificate is BSrE's: its status is asked of BSrE now.
  const bsre = useAppConfig().data?.penandatangan === 'bsre';
  const statuses = useStatusSertifikat(bsre);
  const statusOf = (id: number) => statuses.data?.find((x) => x.pejabat_id === id);
  const [delegating, setDelegating] = useState<Pejabat | null>(null);
  useEffect(() => {
    void loadForm();
    void loadSettings();
  }, []);

  const confirmActivate = (p: Pejabat) =>
    modal.confirm({
      title: MSG.confirmTitle,
      content: `${p.nama} akan menjadi pejabat penandatangan aktif. Surat yang diverifikasi setelah ini ditandatangani olehnya.`,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      onOk: async () => {
        try {
          const r = await activate.mutateAsync(p.id);
          message.success(r.message);
        } catch (err) {
          modal.error({
            title: 'Gagal mengganti pejabat aktif',
            content: <span data-testid="action-error">{failureText(err)}</span>,
            okText: 'OK',
          });
        }
      },
    });

  const columns: TableColumnsType<Pejabat> = [
    {
      title: 'Nama / NIP',
      key: 'nama',
      render: (_v, p) => (
        <span className="kgb-name">
          <span>{p.nama}</span>
          <small>
            NIP {p.nip}
            {p.pangkat ? ` · ${p.pangkat}` : ''}
          </small>
        </span>
      ),
    },
    { title: 'Jabatan', dataIndex: 'jabatan' },
    {
      title: 'Status',
      key: 'aktif',
      width: 100,
      render: (_v, p) =>
        p.aktif ? (
          <PlainTag green testId="pejabat-aktif">
            Aktif
          </PlainTag>
        ) : (
          <PlainTag>Tidak aktif</PlainTag>
        ),
    },
    {
      title: 'Menandatangani',
      key: 'delegasi',
      render: (_v, p) => <span data-testid="pejabat-delegasi">{signsFor(p)}</span>,
    },
    ...(bsre
      ? [
          {
            title: 'Sertifikat BSrE',
            key: 'status',
            width: 230,
            render: (_v: unknown, p: Pejabat) => {
              if (p.jenis !== 'bsre') return <PlainText secondary>Kunci .p12 kantor (tidak tersertifikasi)</PlainText>;
              const st = statusOf(p.id);
              if (!st)
                return (
                  <PlainText secondary>
                    {statuses.isFetching ? 'Memeriksa ke BSrE…' : statuses.isError ? failureText(statuses.error) : '-'}
                  </PlainText>
                );
              return (
                <span className="kgb-name" data-testid="pejabat-status-bsre">
                  <span>
                    {st.dapat_menandatangani ? (
                      <PlainTag green>{st.status}</PlainTag>
                    ) : (
                      <PlainTag>{st.status ?? 'Tidak diketahui'}</PlainTag>
                    )}
                  </span>
                  <small>{st.keterangan}</small>
                </span>
              );
            },
          },
        ]
      : []),
    {
      title: 'Berlaku sampai',
      dataIndex: 'berlaku_sampai',
      width: 120,
      className: 'kgb-nowrap',
      render: (v: string | null) => (v ? formatDate(v) : '-'),
    },
    {
      title: 'Sidik jari SHA-256',
      dataIndex: 'sertifikat_sidik_jari',
      width: 170,
      render: (v: string | null, p) =>
        v ? (
          <Tooltip
            title={
              <span className="kgb-hash">
                {p.sertifikat_subjek}
                <br />
                {v}
              </span>
            }
          >
            <span className="kgb-hash" data-testid="pejabat-sidik-jari">
              {shortHash(v)}
            </span>
          </Tooltip>
        ) : (
          <PlainText secondary>Dikelola BSrE</PlainText>
        ),
    },
    {
      title: 'Aksi',
      key: 'aksi',
      width: 150,
      align: 'center',
      className: 'kgb-nowrap',
      render: (_v, p) =>
        p.aktif ? (
          <PlainText secondary>Penanda tangan</PlainText>
        ) : (
          <span className="pejabat-actions">
            <Button
              size="small"
              icon={<CheckCircleOutlined />}
              onClick={() => confirmActivate(p)}
              data-testid="pejabat-activate"
            >
              Jadikan aktif
            </Button>
            <Button size="small" onClick={() => setDelegating(p)} data-testid="pejabat-delegasi-button">
              Delegasi
            </Button>
          </span>
        ),
    },
  ];

  return (
    <>
      <PlainTitle level={1} className="page-title">
        Pejabat Penandatangan
      </PlainTitle>
      <div className="pejabat-sections">
        <PlainCard title="Daftar pejabat">
          {list.isError && (
            <Alert type="error" showIcon role="alert" title={failureText(list.error)} style={{ marginBottom: 16 }} />
          )}
          {list.data && !list.data.some((p) => p.aktif) && (
            <Alert
              type="warning"
              showIcon
              title="Belum ada pejabat penandatangan yang aktif: surat KGB belum dapat ditandatangani."
              style={{ marginBottom: 16 }}
            />
          )}
          <Table<Pejabat>
            rowKey="id"
            {...cardTable(columns)}
            dataSource={list.data ?? []}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: 960 }}
            size="middle"
            locale={{ emptyText: listEmpty(list) }}
            data-testid="pejabat-table"
          />
        </PlainCard>
        <FormCard title="Daftarkan pejabat baru">
          <PejabatForm />
        </FormCard>
        <FormCard
          title="Profil kantor"
          note="Kop surat, kontak, logo, atas nama dan zona waktu kantor: dipakai di setiap surat KGB dan daftar nominatif yang dibuat sesudahnya."
        >
          <ProfilKantorForm />
        </FormCard>
        <FormCard
          title="Pengaturan surat KGB"
          note="Berlaku untuk surat yang dibuat dan diverifikasi setelah disimpan; surat yang sudah diverifikasi tidak berubah."
        >
          <LetterSettingsForm />
        </FormCard>
        <SignatureNote compact />
      </div>
      {delegating && (
        <Suspense fallback={null}>
          <DelegasiModal pejabat={delegating} onClose={() => setDelegating(null)} />
        </Suspense>
      )}
    </>
  );
}
