// Stand-in for antd/es/table/hooks/useFilter/FilterDropdown (vite.config.ts
// `antdTableWithoutUnusedParts`): no Sidasek table has column filters (`filters`,
// `filterDropdown`), and the real dropdown brings Tree, Menu, Dropdown, Checkbox and Radio into
// every screen with a table. A column with a filter fails loudly; remove the stand-in from
// vite.config.ts to use them.
export function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  });
  return keys;
}

export default function FilterDropdown() {
  throw new Error('Table column filters are left out of this build (vite.config.ts antdTableWithoutUnusedParts)');
}
