import { lazy, Suspense, type ComponentProps } from 'react';
import { Dots } from '../../../components/lite/dots.tsx';
import { usePainted } from '../../../lib/after-paint.ts';

// Leaflet (about 45 kB gzip with react-leaflet) is downloaded when a map is drawn, not with the
// school screens: the identity tab and the school form render first, the map joins them.
const load = () => import('./school-map.tsx');
const LazySchoolMap = lazy(() => load().then((m) => ({ default: m.SchoolMap })));
const LazyLocationPicker = lazy(() => load().then((m) => ({ default: m.LocationPicker })));

export const MAP_HEIGHT = 360;

/** The space of a map while Leaflet or the map settings load (same height: nothing moves). */
export function MapLoading() {
  return (
    <div style={{ height: MAP_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Dots />
    </div>
  );
}

/** Identity read view: the school's marker with an info window (see school-map.tsx). */
export function SchoolMap(props: ComponentProps<typeof LazySchoolMap>) {
  // Leaflet is requested once the page has been painted, not while its first frame is drawn.
  const painted = usePainted();
  if (!painted) return <MapLoading />;
  return (
    <Suspense fallback={<MapLoading />}>
      <LazySchoolMap {...props} />
    </Suspense>
  );
}

/** Identity form: clicking the map sets lat/long (see school-map.tsx). */
export function LocationPicker(props: ComponentProps<typeof LazyLocationPicker>) {
  return (
    <Suspense fallback={<MapLoading />}>
      <LazyLocationPicker {...props} />
    </Suspense>
  );
}
