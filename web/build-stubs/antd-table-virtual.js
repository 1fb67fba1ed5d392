// Stand-in for antd/es/table/RcTable/VirtualTable (vite.config.ts `antdTableWithoutUnusedParts`):
// no Sidasek table is virtual (`virtual`), and the real one brings rc-virtual-list into every
// screen with a table. A virtual table fails loudly; remove the stand-in from vite.config.ts to use it.
export default function VirtualTable() {
  throw new Error('Virtual tables are left out of this build (vite.config.ts antdTableWithoutUnusedParts)');
}
