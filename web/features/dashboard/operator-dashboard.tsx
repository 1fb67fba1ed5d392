import { Link, useLocation } from 'react-router';
import { Card, Col, Row, Typography } from 'antd';
import { BankOutlined, TeamOutlined, ScheduleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { getSession } from '../../lib/session.ts';
import { familyOf, paths } from '../../app/paths.ts';

/** The operator's landing page: a welcome with their school's name and the way to its data. */
export function OperatorDashboard() {
  const session = getSession()!;
  const family = familyOf(useLocation().pathname) ?? 'operator-side';
  const school = session.user.sekolah;
  const links = [
    {
      to: paths.sekolahOperator(family, session.user.username),
      icon: <BankOutlined />,
      title: 'Data Sekolah',
      text: 'Identitas, ruangan, aset, lahan dan galeri',
    },
    { to: paths.guru(family), icon: <TeamOutlined />, title: 'Data Guru', text: 'Guru dan riwayatnya' },
    {
      to: paths.akanKgb(family),
      icon: <ScheduleOutlined />,
      title: 'Data Guru Akan KGB',
      text: 'Guru yang akan naik gaji berkala',
    },
    { to: paths.maps(family), icon: <EnvironmentOutlined />, title: 'Maps', text: 'Peta sekolah' },
  ];
  return (
    <>
      <Typography.Title level={1} className="page-title">
        Selamat datang
      </Typography.Title>
      <Typography.Paragraph data-testid="operator-school">
        {school ? (
          <>
            Anda mengelola data <strong>{school.nama_sekolah}</strong> (NPSN {school.npsn}).
          </>
        ) : (
          <>Akun Anda belum terhubung ke sekolah. Hubungi Dinas Pendidikan.</>
        )}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {links.map((l) => (
          <Col xs={24} sm={12} lg={6} key={l.title}>
            {/* One height for the row's cards, whatever the length of their text. */}
            <Link to={l.to} style={{ display: 'block', height: '100%' }} data-testid="operator-card">
              <Card hoverable style={{ height: '100%' }}>
                <Card.Meta
                  avatar={<span style={{ fontSize: 24 }}>{l.icon}</span>}
                  title={l.title}
                  description={l.text}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
