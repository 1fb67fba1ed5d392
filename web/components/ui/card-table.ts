import type { HTMLAttributes } from 'react';
import type { ColumnsType } from 'antd/es/table';

/**
 * Lists on a phone: below 768 px a table whose wrapper has the class `card-table`
 * shows each row as a card, one "label: value" line per column (styles.css). The label comes
 * from the cell's `data-label`; `cardTable` puts it on every cell of an antd Table from the
 * column's title (or `cardLabel` when the title is not text), LiteTable does the same itself.
 * Actions stay on the card, so nothing has to scroll sideways.
 */
export const CARD_TABLE = 'card-table';

export type CardColumn<T> = ColumnsType<T>[number] & { cardLabel?: string };

function labelled<T>(columns: CardColumn<T>[]): ColumnsType<T> {
  return columns.map((c) => {
    const label = c.cardLabel ?? (typeof c.title === 'string' ? c.title : undefined);
    const children = 'children' in c && c.children ? { children: labelled(c.children as CardColumn<T>[]) } : {};
    if (!label) return { ...c, ...children };
    const onCell = c.onCell;
    return {
      ...c,
      ...children,
      onCell: (row: T, index?: number) =>
        ({ ...(onCell?.(row, index) ?? {}), 'data-label': label }) as HTMLAttributes<HTMLElement>,
    };
  });
}

/** The props that make an antd Table a card list on a phone: `<Table {...cardTable(columns)} …/>`. */
export function cardTable<T>(
  columns: CardColumn<T>[],
  className?: string,
): { columns: ColumnsType<T>; className: string } {
  return { columns: labelled(columns), className: className ? `${CARD_TABLE} ${className}` : CARD_TABLE };
}
