// The teacher feature's master lists and their selects, for the history forms (decision 0061): an
// entry of their own, so a screen that only reads a teacher (index.ts) does not download the selects.
export { masterOptions, useMaster } from './api/master.ts';
export { GolonganSelect } from './components/master-select.tsx';
