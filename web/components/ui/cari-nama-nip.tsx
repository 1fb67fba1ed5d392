import { Input } from 'antd';

/**
 * The list pages' search by a teacher's name or NIP: cleared with its ×, searched on Enter or the
 * button; `onSearch` gets the text trimmed.
 */
export function CariNamaNip({
  defaultValue,
  onSearch,
  testId,
}: {
  defaultValue: string;
  onSearch: (text: string) => void;
  testId: string;
}) {
  return (
    <Input.Search
      aria-label="Cari nama atau NIP"
      placeholder="Cari nama atau NIP"
      allowClear
      defaultValue={defaultValue}
      style={{ width: 220 }}
      onSearch={(v) => onSearch(v.trim())}
      data-testid={testId}
    />
  );
}
