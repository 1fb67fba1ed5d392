// What the retirement feature offers other features (decision 0061): the dashboard card.
export { PensiunCard } from './dashboard-card.tsx';
