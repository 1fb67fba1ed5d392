// Grid clustering, as Leaflet.markercluster does it: each point joins the nearest cluster whose
// first point lies within `radius` pixels (looked up in the 3 × 3 neighbouring grid cells), or
// starts a new one. Linear in the number of points, so 8,000 schools recluster in milliseconds,
// and two schools a few pixels apart never show as a marker on top of a cluster.

export interface PixelPoint<T> {
  x: number;
  y: number;
  item: T;
}

export interface Cluster<T> {
  items: T[];
  /** Mean position of the members, in pixels. */
  x: number;
  y: number;
}

interface Building<T> {
  seedX: number;
  seedY: number;
  items: T[];
  sx: number;
  sy: number;
}

export function gridCluster<T>(points: PixelPoint<T>[], radius: number): Cluster<T>[] {
  const cells = new Map<string, Building<T>[]>();
  const all: Building<T>[] = [];
  const r2 = radius * radius;
  for (const p of points) {
    const cx = Math.floor(p.x / radius);
    const cy = Math.floor(p.y / radius);
    let best: Building<T> | null = null;
    let bestD = r2;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const c of cells.get(`${cx + dx}:${cy + dy}`) ?? []) {
          const d = (c.seedX - p.x) ** 2 + (c.seedY - p.y) ** 2;
          if (d <= bestD) {
            best = c;
            bestD = d;
          }
        }
      }
    }
    if (best) {
      best.items.push(p.item);
      best.sx += p.x;
      best.sy += p.y;
      continue;
    }
    const created: Building<T> = { seedX: p.x, seedY: p.y, items: [p.item], sx: p.x, sy: p.y };
    const key = `${cx}:${cy}`;
    const list = cells.get(key);
    if (list) list.push(created);
    else cells.set(key, [created]);
    all.push(created);
  }
  return all.map((c) => ({ items: c.items, x: c.sx / c.items.length, y: c.sy / c.items.length }));
}

/** Size class of a cluster's circle. */
export const clusterSize = (n: number): 'sm' | 'md' | 'lg' => (n < 10 ? 'sm' : n < 100 ? 'md' : 'lg');
