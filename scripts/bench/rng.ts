// One seeded generator for the benchmark's data and its request sequences: the same seed gives the
// same teachers and the same requests on every machine.

export type Rng = () => number;

/** Mulberry32: small, fast, reproducible. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
