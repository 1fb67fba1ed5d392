import { Empty, Typography } from 'antd';
import { MSG } from '#contract/messages.ts';

/** A menu item whose screen arrives in a later release. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <Empty description={`${MSG.comingSoon}: layar ini sedang disiapkan.`} data-testid="coming-soon" />
    </>
  );
}
