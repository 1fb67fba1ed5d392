import type { ReactNode } from 'react';
import { Alert, Button, type AlertProps } from 'antd';

/**
 * A query that failed, above what it would have shown: its message and "Muat ulang", which asks
 * again (docs/decisions/0053: never strand the user).
 */
export function RetryAlert({
  onRetry,
  retryIcon,
  ...props
}: Omit<AlertProps, 'type' | 'showIcon' | 'action'> & { onRetry: () => unknown; retryIcon?: ReactNode }) {
  return (
    <Alert
      type="error"
      showIcon
      {...props}
      action={
        <Button size="small" icon={retryIcon} onClick={() => void onRetry()}>
          Muat ulang
        </Button>
      }
    />
  );
}
