import { useEffect, useState } from 'react';

/**
 * Runs `fn` once the browser has painted the current frame (a frame, then a task). React may run
 * effects before the first paint; a large download started there (ECharts, Leaflet) competes with
 * the first screen on a slow connection.
 */
export function afterPaint(fn: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** False until the screen's first frame has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}
