import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import L from 'leaflet';
import type { SekolahRingkas } from '#contract/sekolah.ts';
import { MSG } from '#contract/messages.ts';
import { clusterSize, gridCluster } from './grid-cluster.ts';

/** A school with a position. */
export type PlacedSchool = SekolahRingkas & { lat: number; long: number };

/** Clustering radius (and grid cell size), in screen pixels. */
const CELL = 60;
/** From this zoom on every school is its own marker. */
export const NO_CLUSTER_ZOOM = 16;

function iconOf(url: string, cache: Map<string, L.Icon>): L.Icon {
  let icon = cache.get(url);
  if (!icon) {
    icon = L.icon({ iconUrl: url, iconSize: [32, 40], iconAnchor: [16, 40], popupAnchor: [0, -36] });
    cache.set(url, icon);
  }
  return icon;
}

/** The info window: built as DOM (text only, never HTML from the data). */
function infoWindow(s: PlacedSchool, href: string | null, go: (href: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-info';
  root.dataset.testid = 'map-info';
  const title = document.createElement('strong');
  title.textContent = s.nama_sekolah;
  root.append(title);
  for (const [label, value] of [
    ['Alamat', s.alamat?.trim() || MSG.emptyValue],
    ['Lat', String(s.lat)],
    ['Long', String(s.long)],
  ] as const) {
    const line = document.createElement('div');
    const name = document.createElement('span');
    name.className = 'map-info-label';
    name.textContent = `${label}: `;
    line.append(name, value);
    root.append(line);
  }
  if (href) {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'Lihat detail sekolah';
    a.dataset.testid = 'map-info-link';
    a.addEventListener('click', (e) => {
      // A new tab or window keeps the browser's own behaviour.
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      go(href);
    });
    root.append(a);
  }
  return root;
}

/**
 * All school markers, clustered on a pixel grid at the current zoom and recomputed after every
 * zoom or move; only the visible part of the map (plus a margin) is drawn, so thousands of schools
 * stay smooth. A school's marker object is kept, so its open info window survives a redraw.
 */
export function SchoolLayer({
  schools,
  linkOf,
  go,
  focus,
}: {
  schools: PlacedSchool[];
  linkOf: (s: PlacedSchool) => string | null;
  go: (href: string) => void;
  /** A school to show with its info window (n changes on every request). */
  focus: { npsn: string; n: number } | null;
}) {
  const map = useMap();
  // Handlers read the latest callbacks without rebuilding the layer.
  const linkRef = useRef(linkOf);
  const goRef = useRef(go);
  useEffect(() => {
    linkRef.current = linkOf;
    goRef.current = go;
  }, [linkOf, go]);
  const singlesRef = useRef(new Map<string, L.Marker>());
  const drawRef = useRef<() => void>(() => {});

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const icons = new Map<string, L.Icon>();
    const singles = singlesRef.current;
    singles.clear();
    // Positions projected once at zoom 0; at zoom z a pixel position is that times 2^z.
    const base = schools.map((s) => ({ s, p: map.project([s.lat, s.long], 0) }));
    let shown = new Set<L.Layer>();

    const single = (s: PlacedSchool): L.Marker => {
      let m = singles.get(s.npsn);
      if (!m) {
        m = L.marker([s.lat, s.long], {
          icon: iconOf(s.link_marker, icons),
          title: s.nama_sekolah,
          alt: s.nama_sekolah,
          riseOnHover: true,
        });
        m.bindPopup(() => infoWindow(s, linkRef.current(s), (href) => goRef.current(href)), { minWidth: 220 });
        singles.set(s.npsn, m);
      }
      return m;
    };

    const draw = () => {
      const zoom = map.getZoom();
      const scale = 2 ** zoom;
      const view = map.getPixelBounds();
      const margin = CELL * 2;
      const visible = [];
      for (const { s, p } of base) {
        const x = p.x * scale;
        const y = p.y * scale;
        if (
          x < view.min!.x - margin ||
          x > view.max!.x + margin ||
          y < view.min!.y - margin ||
          y > view.max!.y + margin
        )
          continue;
        visible.push({ x, y, item: s });
      }
      const next = new Set<L.Layer>();
      const groups =
        zoom >= NO_CLUSTER_ZOOM
          ? visible.map((v) => ({ items: [v.item], x: v.x, y: v.y }))
          : gridCluster(visible, CELL);
      for (const g of groups) {
        if (g.items.length === 1) {
          next.add(single(g.items[0]!));
          continue;
        }
        const n = g.items.length;
        const cluster = L.marker(map.unproject([g.x, g.y], zoom), {
          icon: L.divIcon({
            html: `<span data-count="${n}">${n.toLocaleString('id-ID')}</span>`,
            className: `map-cluster map-cluster-${clusterSize(n)}`,
            iconSize: [44, 44],
          }),
          title: `${n} sekolah`,
          keyboard: true,
        });
        cluster.on('click', () => {
          const bounds = L.latLngBounds(g.items.map((s) => [s.lat, s.long] as [number, number]));
          map.fitBounds(bounds, { padding: [48, 48], maxZoom: NO_CLUSTER_ZOOM });
        });
        next.add(cluster);
      }
      for (const l of shown) if (!next.has(l)) layer.removeLayer(l);
      for (const l of next) if (!shown.has(l)) layer.addLayer(l);
      shown = next;
    };
    drawRef.current = draw;
    draw();
    map.on('zoomend moveend', draw);
    return () => {
      map.off('zoomend moveend', draw);
      layer.remove();
      drawRef.current = () => {};
    };
  }, [map, schools]);

  useEffect(() => {
    if (!focus) return;
    const s = schools.find((x) => x.npsn === focus.npsn);
    if (!s) return;
    map.setView([s.lat, s.long], Math.max(map.getZoom(), NO_CLUSTER_ZOOM), { animate: false });
    drawRef.current();
    singlesRef.current.get(s.npsn)?.openPopup();
  }, [focus, map, schools]);

  return null;
}
