import { Spin, Typography } from 'antd';

/** A centred spinner with a line of text. */
export function Loading({ text }: { text: string }) {
  return (
    <div className="pdf-center">
      <Spin />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}
