import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MapContainer, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useMapMotion } from '../../lib/map-motion.ts';
import { Alert, Select, Spin, Typography } from 'antd';
import { BENTUK_PENDIDIKAN } from '#contract/master-values.ts';
import { useJenjangKantor } from '../../lib/jenjang.ts';
import { markerOf } from '#contract/sekolah-values.ts';
import { familyOf, isAdminFamily, paths } from '../../app/paths.ts';
import { getSession } from '../../lib/session.ts';
import { formatNumber } from '../../lib/format.ts';
import { useSemuaSekolah } from '../../lib/semua-sekolah.ts';
import { DEFAULT_MAP } from '#contract/config.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { SchoolLayer, type PlacedSchool } from './components/school-layer.tsx';
import './maps.css';

/** SPEC §9: the school map page opens around 1.59, 127.66 at zoom 7 (Maluku Utara). */
const CENTER: [number, number] = [1.59, 127.66];
const ZOOM = 7;

const placed = (s: { lat: number | null; long: number | null }): s is PlacedSchool =>
  typeof s.lat === 'number' &&
  typeof s.long === 'number' &&
  Number.isFinite(s.lat) &&
  Number.isFinite(s.long) &&
  Math.abs(s.lat) <= 90 &&
  Math.abs(s.long) <= 180;

/** SPEC §2 "Maps page" (both roles): every school with a position, clustered, with its info window. */
export function MapsPage() {
  // The legend names the levels this office manages.
  const levels = useJenjangKantor(BENTUK_PENDIDIKAN);
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const username = getSession()?.user.username ?? '';
  const schools = useSemuaSekolah();
  const tiles = useAppConfig();
  const motion = useMapMotion();
  const [focus, setFocus] = useState<{ npsn: string; n: number } | null>(null);
  // The base map comes from an outside tile server: when none of its tiles arrives (no internet,
  // a wrong MAP_TILE_URL) the map is an empty grey area, so say why. One tile that loads clears it.
  const [tileState, setTileState] = useState<'pending' | 'loaded' | 'failed'>('pending');
  const tileEvents = useMemo(
    () => ({
      tileload: () => setTileState('loaded'),
      tileerror: () => setTileState((s) => (s === 'loaded' ? s : 'failed')),
    }),
    [],
  );

  const onMap = useMemo(() => (schools.data ?? []).filter(placed), [schools.data]);
  const admin = isAdminFamily(family);
  // Administrators open any school; an operator only their own (the others' pages are not theirs).
  const linkOf = useCallback(
    (s: PlacedSchool) =>
      admin ? paths.userDetail(family, s.npsn) : s.npsn === username ? paths.sekolahOperator(family, s.npsn) : null,
    [admin, family, username],
  );
  const go = useCallback((href: string) => navigate(href), [navigate]);

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Maps
      </Typography.Title>
      {schools.isError && <Alert type="error" showIcon title={schools.error.message} style={{ marginBottom: 12 }} />}
      <div className="maps-toolbar">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder="Cari sekolah di peta"
          aria-label="Cari sekolah di peta"
          data-testid="maps-search"
          style={{ width: 340, maxWidth: '100%' }}
          options={onMap.map((s) => ({ value: s.npsn, label: `${s.nama_sekolah} (${s.npsn})` }))}
          onChange={(npsn?: string) => npsn && setFocus((f) => ({ npsn, n: (f?.n ?? 0) + 1 }))}
        />
        <Typography.Text type="secondary" data-testid="maps-count">
          {schools.data
            ? `${formatNumber(onMap.length)} dari ${formatNumber(schools.data.length)} sekolah memiliki titik lokasi`
            : 'Memuat sekolah…'}
        </Typography.Text>
        <div className="maps-legend" aria-label="Keterangan penanda">
          {levels.map((bp) => (
            <span key={bp}>
              <img src={markerOf(bp)} alt="" />
              {bp}
            </span>
          ))}
        </div>
      </div>
      {tileState === 'failed' && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="maps-tiles-error"
          title="Peta dasar tidak dapat dimuat. Periksa koneksi internet; penanda sekolah tetap dapat dibuka."
          style={{ marginBottom: 12 }}
        />
      )}
      <div className="maps-map" data-testid="maps-map">
        {tiles.isPending || schools.isPending ? (
          <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin />
          </div>
        ) : (
          <MapContainer {...motion} center={CENTER} zoom={ZOOM} maxZoom={18} scrollWheelZoom>
            <TileLayer
              url={(tiles.data?.map ?? DEFAULT_MAP).tileUrl}
              attribution={(tiles.data?.map ?? DEFAULT_MAP).attribution}
              eventHandlers={tileEvents}
            />
            <SchoolLayer schools={onMap} linkOf={linkOf} go={go} focus={focus} />
          </MapContainer>
        )}
      </div>
    </>
  );
}
