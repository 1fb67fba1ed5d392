// The rank promotion card of the teacher page (decision 0061; docs/domain/kenaikan-pangkat.md),
// downloaded with its own chunk.
import { lazy } from 'react';

export const GuruKpCard = lazy(() => import('./guru-kp-card.tsx').then((m) => ({ default: m.GuruKpCard })));
