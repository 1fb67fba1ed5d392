import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider, theme, type ThemeConfig } from 'antd';
import idID from 'antd/locale/id_ID';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { Outlet, useLocation } from 'react-router';
import { useThemeMode } from './theme.tsx';
import { flashOf } from './flash.ts';

dayjs.locale('id');

/** antd's design tokens of the app (styles.css repeats them for the screens drawn without antd). */
export const THEME_TOKEN = { colorPrimary: '#1d4ed8', borderRadius: 6 };

/**
 * The theme in light and dark mode. Beyond the seed colours, the text colours antd draws lighter
 * than WCAG 2.1 AA allows (measured by axe-core): secondary and placeholder text at
 * 0.45 and 0.25 opacity (3.4:1 and 1.8:1 on white), the error red (3.3:1), and in dark mode the
 * link blue, the error red and the selected tab, darker than 4.5:1 on the dark background (the
 * preset tags' text: styles.css). colorLink and colorError are seeds: the dark algorithm draws the
 * colour a step darker than the seed (#65a9f3 gives links #5993d2, 5.7:1 on #141414 and 5.1:1 on a
 * dialog's #1f1f1f; #ff7875 gives #dc6966, 5.5:1). A solid danger button in dark mode is drawn
 * darker than the error text (styles.css): white on #dc6966 is 3.4:1.
 */
export function themeOf(dark: boolean, reducedMotion = false): ThemeConfig {
  const config = themeColours(dark);
  return reducedMotion ? { ...config, token: { ...config.token, motion: false } } : config;
}

function themeColours(dark: boolean): ThemeConfig {
  return dark
    ? {
        algorithm: theme.darkAlgorithm,
        token: {
          ...THEME_TOKEN,
          colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
          colorTextDescription: 'rgba(255, 255, 255, 0.6)',
          colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
          colorError: '#ff7875',
          colorLink: '#65a9f3',
          colorLinkHover: '#65a9f3',
        },
        components: {
          Tabs: {
            itemSelectedColor: '#7096f2',
            itemHoverColor: '#8eacf5',
            itemActiveColor: '#7096f2',
            inkBarColor: '#7096f2',
          },
          Empty: { colorTextDescription: 'rgba(255, 255, 255, 0.6)' },
        },
      }
    : {
        algorithm: theme.defaultAlgorithm,
        token: {
          ...THEME_TOKEN,
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
          colorError: '#d4302f',
          colorLink: '#0958d9',
          colorLinkHover: '#1677ff',
        },
      };
}

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
 * before antd is downloaded; styles.css repeats these colours for them (`--c-*`). It
 * stays mounted across the screens below it, so a message shown just before a navigation stays on
 * screen; a navigation into another area passes its message along (flash.ts).
 */
export function AntAppOutlet() {
  const { dark, reducedMotion } = useThemeMode();
  return (
    <ConfigProvider locale={idID} theme={themeOf(dark, reducedMotion)}>
      <App>
        <Flash />
        <Outlet />
      </App>
    </ConfigProvider>
  );
}

/**
 * antd's ConfigProvider and App around the antd parts of a screen drawn without antd,
 * loaded with the first of them (e.g. the school page's other tabs and identity form): they get
 * the app's theme, dark mode and App's message and modal like the screens under AntAppOutlet.
 */
export function AntScope({ children }: { children: ReactNode }) {
  const { dark, reducedMotion } = useThemeMode();
  return (
    <ConfigProvider locale={idID} theme={themeOf(dark, reducedMotion)}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
