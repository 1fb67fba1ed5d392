import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider, theme } from 'antd';
import idID from 'antd/locale/id_ID';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { Outlet, useLocation } from 'react-router';
import { useThemeMode } from './theme.tsx';
import { flashOf } from './flash.ts';

dayjs.locale('id');

/** antd's design tokens of the app (styles.css repeats them for the screens drawn without antd). */
export const THEME_TOKEN = { colorPrimary: '#1d4ed8', borderRadius: 6 };

/** Shows the message a navigation brought along (flash.ts), once per navigation. */
function Flash() {
  const { message } = App.useApp();
  const location = useLocation();
  const text = flashOf(location.state);
  useEffect(() => {
    if (text) message.success(text);
  }, [location.key, text, message]);
  return null;
}

/**
 * antd around the screens: ConfigProvider (Indonesian locale, the app's colours, dark mode) and
 * App (the message, modal and notification that screens get from `App.useApp()`). A lazy route of
 * its own, so the login page and the signed-in layout (menu, top bar), drawn without antd, render
 * before antd is downloaded (issue 7); styles.css repeats these colours for them (`--c-*`). It
 * stays mounted across the screens below it, so a message shown just before a navigation stays on
 * screen; a navigation into another area passes its message along (flash.ts).
 */
export function AntAppOutlet() {
  const { dark } = useThemeMode();
  return (
    <ConfigProvider locale={idID} theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: THEME_TOKEN }}>
      <App>
        <Flash />
        <Outlet />
      </App>
    </ConfigProvider>
  );
}

/**
 * antd's ConfigProvider and App around the antd parts of a screen drawn without antd (issue 7),
 * loaded with the first of them (e.g. the school page's other tabs and identity form): they get
 * the app's theme, dark mode and App's message and modal like the screens under AntAppOutlet.
 */
export function AntScope({ children }: { children: ReactNode }) {
  const { dark } = useThemeMode();
  return (
    <ConfigProvider locale={idID} theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: THEME_TOKEN }}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
