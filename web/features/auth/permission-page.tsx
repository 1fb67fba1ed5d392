import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { MSG } from '#contract/messages.ts';
import { getSession } from '../../lib/session.ts';
import { homeOf } from '../../app/paths.ts';

/** SPEC §2 /permission: the 403 page. */
export function PermissionPage() {
  const navigate = useNavigate();
  const session = getSession();
  return (
    <Result
      status="403"
      title={MSG.permissionTitle}
      subTitle={MSG.permissionText}
      extra={
        <Button type="primary" onClick={() => navigate(session ? homeOf(session.user.roles.id) : '/login', { replace: true })}>
          Back to Home
        </Button>
      }
    />
  );
}
