import { Dots } from '../../../components/lite/dots.tsx';

export const MAP_HEIGHT = 360;

/** The space of a map while Leaflet or the map settings load (same height: nothing moves). */
export function MapLoading() {
  return (
    <div style={{ height: MAP_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Dots />
    </div>
  );
}
