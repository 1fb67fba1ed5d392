import { Link } from 'react-router';
import { Card, Col, Row } from 'antd';
import { HourglassOutlined } from '@ant-design/icons';
import { paths, type Family } from '../../app/paths.ts';
import { formatNumber } from '../../lib/format.ts';
import { usePensiunRingkasan } from './api/pensiun.ts';
import './pensiun.css';

/** The dashboard's card for retirement: teachers within the default window, proposals not yet sent within 12 months, decided. */
export function PensiunCard({ family }: { family: Family }) {
  const r = usePensiunRingkasan().data;
  const n = (v: number | undefined) => (v === undefined ? '–' : formatNumber(v, 0));
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={16}>
        <Link to={paths.pensiun(family)}>
          <Card hoverable className="dashboard-card" style={{ borderTopColor: '#b45309' }} data-testid="card-pensiun">
            <div className="dashboard-card-body">
              <span className="dashboard-card-icon" style={{ color: '#b45309', background: '#b453091a' }}>
                <HourglassOutlined />
              </span>
              <div>
                <div className="pensiun-card-title">Pensiun BUP {r ? r.bulan : 15} bulan ke depan</div>
                <div data-testid="value-pensiun" style={{ fontSize: 15 }}>
                  <b style={{ fontSize: 22 }}>{n(r?.total)}</b> guru · {n(r?.belum_diusulkan)} belum diusulkan (12
                  bulan) · {n(r?.ditetapkan)} SK ditetapkan
                </div>
              </div>
            </div>
            <div className="dashboard-card-hint">Buka daftar guru akan pensiun</div>
          </Card>
        </Link>
      </Col>
    </Row>
  );
}
