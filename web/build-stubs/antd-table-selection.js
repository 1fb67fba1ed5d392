// Stand-in for antd/es/table/hooks/useSelection (vite.config.ts `antdTableWithoutUnusedParts`):
// no Sidasek table has row selection (`rowSelection`), and the real hook brings Checkbox, Radio,
// Dropdown and Menu into every screen with a table. A table given `rowSelection` fails loudly;
// remove the stand-in from vite.config.ts to use it.
import * as React from 'react';

export const SELECTION_COLUMN = {};
export const SELECTION_ALL = 'SELECT_ALL';
export const SELECTION_INVERT = 'SELECT_INVERT';
export const SELECTION_NONE = 'SELECT_NONE';

const withoutSelectionColumn = (columns) => columns.filter((col) => col !== SELECTION_COLUMN);

export default function useSelection(_config, rowSelection) {
  if (rowSelection)
    throw new Error('Table rowSelection is left out of this build (vite.config.ts antdTableWithoutUnusedParts)');
  const keys = React.useMemo(() => new Set(), []);
  return [withoutSelectionColumn, keys];
}
