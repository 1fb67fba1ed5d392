// What the history feature offers other features (decision 0061): its tabs, for the teacher page.
import { lazy } from 'react';

/** The record tabs (table, actions) download in their own chunk; calling this starts the download. */
export const loadRecordTab = () => import('./record-tab.tsx');
export const RecordTab = lazy(() => loadRecordTab().then((m) => ({ default: m.RecordTab })));
