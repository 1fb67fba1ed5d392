import { lazy, Suspense, type ComponentProps } from 'react';
import { usePainted } from '../../../lib/after-paint.ts';
import { MapLoading } from './map-loading.tsx';

// Leaflet (about 45 kB gzip with react-leaflet) is downloaded when a map is drawn, not with the
// school screens: the identity tab and the school form render first, the map joins them.
const load = () => import('./school-map.tsx');
const LazySchoolMap = lazy(() => load().then((m) => ({ default: m.SchoolMap })));
const LazyLocationPicker = lazy(() => load().then((m) => ({ default: m.LocationPicker })));

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
