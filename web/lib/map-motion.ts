import { useThemeMode } from '../app/theme.tsx';

/**
 * Leaflet's options for the device's motion setting: with prefers-reduced-motion the map neither
 * fades its info windows nor animates its zoom (a closed info window leaves at once).
 */
export function useMapMotion(): { fadeAnimation?: false; zoomAnimation?: false; markerZoomAnimation?: false } {
  const { reducedMotion } = useThemeMode();
  return reducedMotion ? { fadeAnimation: false, zoomAnimation: false, markerZoomAnimation: false } : {};
}
