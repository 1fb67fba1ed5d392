import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { MSG } from '#contract/messages.ts';
import { getSession } from '../../lib/session.ts';
import { homeOf, familyOf } from '../../app/paths.ts';
import { AppLayout } from '../../app/layouts/app-layout.tsx';
import { firstStop } from '../../app/guards.tsx';

/** The 403 view: SPEC §2's texts and "Back to Home" to the user's dashboard. */
function Forbidden() {
  const navigate = useNavigate();
  const session = getSession();
  return (
    <Result
      status="403"
      title={MSG.permissionTitle}
      subTitle={MSG.permissionText}
      data-testid="forbidden"
      extra={
        <Button
          type="primary"
          onClick={() => navigate(session ? homeOf(session.user.roles.id) : '/login', { replace: true })}
        >
          Back to Home
        </Button>
      }
    />
  );
}

/**
 * SPEC §2 /permission: the one 403 view. Every refusal ends here: a URL of the other
 * role's layout (guards.tsx) and a screen whose data the server refused with 403. Signed in, it is
 * drawn inside the user's own layout, so the menu is the way back as well as the button.
 */
export function PermissionPage() {
  const session = getSession();
  const family = session && !firstStop(session.user) ? familyOf(homeOf(session.user.roles.id)) : null;
  if (!session || !family) return <Forbidden />;
  return (
    <AppLayout family={family} session={session}>
      <Forbidden />
    </AppLayout>
  );
}
