// guruPaths moved to web/app/paths.ts with the other route paths (decision 0061); this re-export
// serves the one screen not yet switched to it (kgb/periode-kgb-page.tsx) and goes with it.
export { guruPaths } from '../../app/paths.ts';
