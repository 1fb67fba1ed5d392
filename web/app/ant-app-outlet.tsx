import { App } from 'antd';
import { Outlet } from 'react-router';

/**
 * antd's App around every screen but the login page: the message, modal and notification that
 * screens get from `App.useApp()`. A lazy route of its own, so the login page (the first screen)
 * does not download them; it stays mounted across the screens below it, so a message shown just
 * before a navigation (e.g. after changing the password) stays on screen.
 */
export function AntAppOutlet() {
  return (
    <App>
      <Outlet />
    </App>
  );
}
