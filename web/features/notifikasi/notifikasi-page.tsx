import { Link, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Skeleton, Tag, Typography } from 'antd';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import type { DaftarNotifikasi, JenisNotifikasi, Notifikasi } from '#contract/notifikasi-values.ts';
import { api, apiWithMessage } from '../../lib/api-client.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { formatWaktuKantor, useZonaKantor } from '../../lib/waktu-kantor.ts';
import { familyOf, guruPaths } from '../../app/paths.ts';
import './notifikasi.css';

const KIND: Record<JenisNotifikasi, { label: string; color: string }> = {
  // Coming or late: the title says which.
  akan_kgb: { label: 'Jadwal KGB', color: 'blue' },
  dikembalikan: { label: 'Perlu diperbaiki', color: 'volcano' },
  ditandatangani: { label: 'Surat KGB', color: 'green' },
  kp_bts: { label: 'Usul pangkat BTS', color: 'volcano' },
  kenaikan_pangkat: { label: 'Kenaikan pangkat', color: 'cyan' },
  pensiun: { label: 'Pensiun', color: 'gold' },
};

/**
 * Notices to the school's operator: the coming KGB months of its teachers (and who
 * still lacks a verified decree), drafts the office sent back with its note, letters signed; each
 * with a way to the teacher's Riwayat KGB, where the documents asked for are uploaded.
 */
export function NotifikasiPage() {
  useZonaKantor();
  const family = familyOf(useLocation().pathname) ?? 'operator-side';
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['notifikasi', 'daftar'],
    queryFn: ({ signal }) => api<DaftarNotifikasi>('GET', 'notifikasi', { signal }),
    staleTime: 0,
  });

  const markRead = async (ids?: number[]) => {
    try {
      const r = await apiWithMessage<DaftarNotifikasi>('POST', 'notifikasi/baca', { body: ids ? { ids } : {} });
      qc.setQueryData(['notifikasi', 'daftar'], r.data);
      await qc.invalidateQueries({ queryKey: ['notifikasi', 'jumlah'] });
      message.success(r.message);
    } catch (err) {
      message.error(failureText(err));
    }
  };

  const unreadStored = (list.data?.data ?? []).filter((n) => n.id !== null && !n.dibaca);
  const item = (n: Notifikasi, i: number) => (
    <li key={n.id ?? `akan-${i}`} className={n.dibaca ? 'notice' : 'notice unread'} data-testid="notice">
      <div className="notice-head">
        <Tag color={KIND[n.jenis].color}>{KIND[n.jenis].label}</Tag>
        <Typography.Text strong data-testid="notice-title">
          {n.judul}
        </Typography.Text>
      </div>
      <Typography.Paragraph className="notice-body">{n.isi}</Typography.Paragraph>
      <div className="notice-foot">
        {n.id !== null && (
          <Typography.Text type="secondary">{formatWaktuKantor(n.dibuat_pada, { bulan: 'pendek' })}</Typography.Text>
        )}
        {n.guru_id !== null && (
          <Link
            to={guruPaths.detail(
              family,
              n.guru_id,
              n.jenis === 'kp_bts' || n.jenis === 'kenaikan_pangkat'
                ? 'riwskp'
                : n.jenis === 'pensiun'
                  ? 'riwkeluarga'
                  : 'riwkgb',
            )}
            data-testid="notice-link"
          >
            Buka riwayat guru
          </Link>
        )}
        {n.id !== null && !n.dibaca && (
          <Button size="small" type="link" onClick={() => void markRead([n.id!])} data-testid="notice-read">
            Tandai sudah dibaca
          </Button>
        )}
      </div>
    </li>
  );

  const all = list.data?.data ?? [];
  const unread = all.filter((n) => !n.dibaca);
  const rest = all.filter((n) => n.dibaca);
  // The same count as the bell: both come from the server's belum_dibaca of this very list.
  const unreadCount = list.data?.belum_dibaca ?? 0;

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Pemberitahuan
      </Typography.Title>
      <div className="toolbar">
        <Typography.Text type="secondary">
          Pemberitahuan dari Dinas tentang KGB, kenaikan pangkat dan pensiun guru di sekolah Anda.
        </Typography.Text>
        {unreadStored.length > 0 && (
          <Button onClick={() => void markRead()} data-testid="notice-read-all">
            Tandai semua sudah dibaca
          </Button>
        )}
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && (
        <RetryAlert
          role="alert"
          title={failureText(list.error)}
          onRetry={() => list.refetch()}
          data-testid="notice-error"
        />
      )}
      {list.data &&
        (all.length ? (
          <div className="notice-groups" data-testid="notices">
            <section aria-labelledby="notice-unread-heading">
              <Typography.Title
                level={2}
                className="notice-group-title"
                id="notice-unread-heading"
                data-testid="notice-unread-heading"
              >
                Belum dibaca ({unreadCount})
              </Typography.Title>
              {unread.length ? (
                <ul className="notices" data-testid="notices-unread">
                  {unread.map(item)}
                </ul>
              ) : (
                <Typography.Paragraph type="secondary" data-testid="notice-all-read">
                  Semua pemberitahuan sudah dibaca.
                </Typography.Paragraph>
              )}
            </section>
            {rest.length > 0 && (
              <section aria-labelledby="notice-rest-heading">
                <Typography.Title level={2} className="notice-group-title" id="notice-rest-heading">
                  Sudah dibaca dan untuk diketahui ({rest.length})
                </Typography.Title>
                <ul className="notices" data-testid="notices-read">
                  {rest.map(item)}
                </ul>
              </section>
            )}
          </div>
        ) : (
          <Typography.Paragraph type="secondary" data-testid="notice-empty">
            Belum ada pemberitahuan. Pemberitahuan muncul di sini bila Dinas meminta data guru dilengkapi atau surat
            guru sudah selesai.
          </Typography.Paragraph>
        ))}
    </>
  );
}
