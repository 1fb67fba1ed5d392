import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card, Col, Row, Typography } from 'antd';
import { RiseOutlined } from '@ant-design/icons';
import { paths, type Family } from '../../app/paths.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useKpRingkasan } from './api/kenaikan-pangkat.ts';
import { monthOf } from '../../lib/bulan.ts';

/** The dashboard's card for next month's promotion period: teachers in it, ratings lacking, proposals. */
export function KenaikanPangkatCard({ family }: { family: Family }) {
  const periode = useMemo(() => monthOf(new Date(), 1), []);
  const r = useKpRingkasan(periode).data;
  const n = (v: number | undefined) => (v === undefined ? '–' : formatNumber(v, 0));
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={16}>
        <Link to={`${paths.kenaikanPangkat(family)}?periode=${periode}`}>
          <Card
            hoverable
            className="dashboard-card"
            style={{ borderTopColor: '#0e7490' }}
            data-testid="card-kenaikan-pangkat"
          >
            <div className="dashboard-card-body">
              <span className="dashboard-card-icon" style={{ color: '#0e7490', background: '#0e74901a' }}>
                <RiseOutlined />
              </span>
              <div>
                <Typography.Text type="secondary">
                  Kenaikan pangkat periode {formatDate(`${periode}-01`, 'MMMM YYYY')}
                </Typography.Text>
                <div data-testid="value-kenaikan-pangkat" style={{ fontSize: 15 }}>
                  <b style={{ fontSize: 22 }}>{n(r?.kandidat)}</b> guru masuk periode · {n(r?.skp_kurang)} SKP belum
                  lengkap · {n(r?.diusulkan)} diusulkan · {n(r?.ditetapkan)} ditetapkan
                </div>
              </div>
            </div>
            <div className="dashboard-card-hint">Buka daftar kenaikan pangkat periode ini</div>
          </Card>
        </Link>
      </Col>
    </Row>
  );
}
