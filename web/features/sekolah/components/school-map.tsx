import { useEffect, useMemo, type ReactNode } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useMapMotion } from '../../../lib/map-motion.ts';
import { markerOf } from '#contract/sekolah-values.ts';
import { DEFAULT_MAP } from '#contract/config.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
// Screens import the maps through school-map-lazy.tsx, which loads this module (and Leaflet) on use.
import { MAP_HEIGHT, MapLoading } from './map-loading.tsx';

function iconOf(url: string) {
  return L.icon({ iconUrl: url, iconSize: [32, 40], iconAnchor: [16, 40], popupAnchor: [0, -36] });
}

const hasPoint = (lat: number | null | undefined, long: number | null | undefined): lat is number =>
  typeof lat === 'number' && typeof long === 'number' && Number.isFinite(lat) && Number.isFinite(long);

/** Keeps a point typed into the inputs in view. */
function FollowPoint({ lat, long }: { lat: number | null; long: number | null }) {
  const map = useMap();
  useEffect(() => {
    if (hasPoint(lat, long) && long !== null && !map.getBounds().contains([lat, long])) map.panTo([lat, long]);
  }, [map, lat, long]);
  return null;
}

function ClickToPick({ onPick }: { onPick: (lat: number, long: number) => void }) {
  useMapEvents({
    click: (e) => onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))),
  });
  return null;
}

/**
 * A school's map: the office's tiles, centred on the school's point when it has one (zoomed to
 * `pointZoom` of the office's zoom), else on the office's area.
 */
function PointMap({
  testId,
  lat,
  long,
  pointZoom,
  children,
}: {
  testId: string;
  lat: number | null;
  long: number | null;
  pointZoom: (zoom: number) => number;
  children: ReactNode;
}) {
  const config = useAppConfig();
  const motion = useMapMotion();
  if (config.isPending) return <MapLoading />;
  const cfg = config.data?.map ?? DEFAULT_MAP;
  const point = hasPoint(lat, long);
  return (
    <div className="school-map" data-testid={testId}>
      <MapContainer
        {...motion}
        center={point ? [lat, long!] : cfg.center}
        zoom={point ? pointZoom(cfg.zoom) : cfg.zoom}
        style={{ height: MAP_HEIGHT, width: '100%' }}
      >
        <TileLayer url={cfg.tileUrl} attribution={cfg.attribution} />
        {children}
      </MapContainer>
    </div>
  );
}

/** Identity form: clicking the map sets lat/long. */
export function LocationPicker({
  lat,
  long,
  bentukPendidikan,
  onPick,
}: {
  lat: number | null;
  long: number | null;
  bentukPendidikan: string;
  onPick: (lat: number, long: number) => void;
}) {
  const icon = useMemo(() => iconOf(markerOf(bentukPendidikan || '')), [bentukPendidikan]);
  return (
    <PointMap testId="location-picker" lat={lat} long={long} pointZoom={(zoom) => Math.max(zoom, 13)}>
      <ClickToPick onPick={onPick} />
      <FollowPoint lat={lat} long={long} />
      {hasPoint(lat, long) && <Marker position={[lat, long!]} icon={icon} />}
    </PointMap>
  );
}

/** Identity read view: the school's marker with an info window (name and address). */
export function SchoolMap({
  nama,
  alamat,
  lat,
  long,
  markerUrl,
}: {
  nama: string;
  alamat: string | null;
  lat: number | null;
  long: number | null;
  markerUrl: string;
}) {
  const icon = useMemo(() => iconOf(markerUrl), [markerUrl]);
  return (
    <PointMap testId="school-map" lat={lat} long={long} pointZoom={() => 15}>
      {hasPoint(lat, long) && (
        <Marker position={[lat, long!]} icon={icon} eventHandlers={{ add: (e) => (e.target as L.Marker).openPopup() }}>
          <Popup>
            <div data-testid="map-info">
              <strong>{nama}</strong>
              <br />
              {alamat || 'Alamat belum diisi'}
            </div>
          </Popup>
        </Marker>
      )}
    </PointMap>
  );
}
