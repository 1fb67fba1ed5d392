import { Typography } from 'antd';
import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** The nine count cards arrive with the statistics issue; until then a clear placeholder. */
export function AdminDashboard() {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>Selamat datang di Sidasek.</Typography.Paragraph>
      <ComingSoon title="Dashboard" />
    </>
  );
}
