import type { CSSProperties, ReactNode } from 'react';
import { Dots } from './dots.tsx';

export { Dots };

export interface LiteColumn<T> {
  key: string;
  title: ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Kept in view at the right edge while the table scrolls sideways (antd `fixed: 'right'`). */
  fixedRight?: boolean;
  /** The label of the cell on a phone card when the title is not text (components/ui/card-table.ts). */
  cardLabel?: string;
  render: (row: T, index: number) => ReactNode;
}

/**
 * A table in antd Table's look (size middle, horizontal scroll, a right column that stays in view,
 * loading veil with the spinner, empty text), drawn without antd so a list renders before antd is
 * downloaded. Rows carry `data-row-key`; while loading the wrapper has `aria-busy`.
 */
export function LiteTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  scrollX,
  testId,
  cards = true,
}: {
  columns: LiteColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  emptyText: ReactNode;
  scrollX?: number;
  testId?: string;
  /** Rows become cards below 768 px; off for tables that are read across, like a matrix. */
  cards?: boolean;
}) {
  const style = (c: LiteColumn<T>): CSSProperties | undefined =>
    c.align && c.align !== 'left' ? { textAlign: c.align } : undefined;
  const cls = (c: LiteColumn<T>) => (c.fixedRight ? 'fix-right' : undefined);
  return (
    <div
      className={cards ? 'lite-table card-table' : 'lite-table'}
      data-testid={testId}
      aria-busy={loading || undefined}
    >
      <div className="lite-table-scroll">
        <table style={scrollX ? { minWidth: scrollX } : undefined}>
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={c.width ? { width: c.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cls(c)} style={style(c)}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="lite-empty">
                <td colSpan={columns.length}>{emptyText}</td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <tr key={rowKey(row)} data-row-key={rowKey(row)}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={cls(c)}
                      style={style(c)}
                      data-label={c.cardLabel ?? (typeof c.title === 'string' ? c.title : undefined)}
                    >
                      {c.render(row, i)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <div className="lite-veil">
          <Dots />
        </div>
      )}
    </div>
  );
}
