import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { getSession } from '../../lib/session.ts';
import { homeOf } from '../../app/paths.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  const session = getSession();
  return (
    <Result
      status="404"
      title="Halaman tidak ditemukan"
      subTitle="Alamat yang Anda buka tidak ada."
      extra={
        <Button type="primary" onClick={() => navigate(session ? homeOf(session.user.roles.id) : '/login')}>
          Kembali ke Beranda
        </Button>
      }
    />
  );
}
