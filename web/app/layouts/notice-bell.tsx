import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SvgIcon } from '../../components/svg-icon.tsx';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { api } from '../../lib/api-client.ts';
import { familyOf } from '../paths.ts';

// A copy of @ant-design/icons-svg's bell (as app/layouts/icons.ts), in this lazy chunk only.
const BellOutlined: IconDefinition = {
  icon: {
    tag: 'svg',
    attrs: { viewBox: '64 64 896 896', focusable: 'false' },
    children: [
      {
        tag: 'path',
        attrs: {
          d: 'M816 768h-24V428c0-141.1-104.3-257.7-240-277.1V112c0-22.1-17.9-40-40-40s-40 17.9-40 40v38.9c-135.7 19.4-240 136-240 277.1v340h-24c-17.7 0-32 14.3-32 32v32c0 4.4 3.6 8 8 8h216c0 61.8 50.2 112 112 112s112-50.2 112-112h216c4.4 0 8-3.6 8-8v-32c0-17.7-14.3-32-32-32zM512 888c-26.5 0-48-21.5-48-48h96c0 26.5-21.5 48-48 48zM304 768V428c0-55.6 21.6-107.8 60.9-147.1S456.4 220 512 220c55.6 0 107.8 21.6 147.1 60.9S720 372.4 720 428v340H304z',
        },
      },
    ],
  },
  name: 'bell',
  theme: 'outlined',
};

/**
 * The operator's bell: unread notices and coming KGB months that ask for something,
 * asked every minute; opens the notices page of the current layout.
 */
export default function NoticeBell() {
  const navigate = useNavigate();
  const family = familyOf(useLocation().pathname) ?? 'operator-side';
  const count = useQuery({
    queryKey: ['notifikasi', 'jumlah'],
    queryFn: ({ signal }) => api<{ belum_dibaca: number }>('GET', 'notifikasi/jumlah', { signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  const n = count.data?.belum_dibaca ?? 0;
  return (
    <button
      type="button"
      className="bell-btn"
      aria-label={n ? `Pemberitahuan, ${n} belum dibaca` : 'Pemberitahuan'}
      onClick={() => navigate(`/${family}/notifikasi`)}
      data-testid="notice-bell"
    >
      <SvgIcon icon={BellOutlined} />
      {n > 0 && (
        <span className="bell-count" data-testid="notice-count">
          {n > 99 ? '99+' : n}
        </span>
      )}
    </button>
  );
}
