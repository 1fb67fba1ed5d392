// The export button moved to web/components/ekspor (decision 0061); this re-export serves the one
// screen not yet switched to the new path (kgb/periode-kgb-page.tsx) and goes with it.
export { ExportButton } from '../../components/ekspor/export-button.tsx';
