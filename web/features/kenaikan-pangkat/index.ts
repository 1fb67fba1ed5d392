// What the rank promotion feature offers other features (decision 0061): the dashboard card. The
// teacher page's card is in index-guru.ts, so neither screen downloads the other's card.
export { KenaikanPangkatCard } from './dashboard-card.tsx';
