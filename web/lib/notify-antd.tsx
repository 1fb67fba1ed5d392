import { ConfigProvider, message } from 'antd';
import idID from 'antd/locale/id_ID';
import { themeOf } from '../app/ant-app-outlet.tsx';
import { prefersReducedMotion } from '../app/theme.tsx';

let configured = false;

/** antd's static message, in the app's colours and the current light or dark mode. */
export function showMessage(kind: 'success' | 'error', text: string): void {
  if (!configured) {
    configured = true;
    ConfigProvider.config({
      holderRender: (children) => {
        const dark = document.documentElement.dataset.theme === 'dark';
        return (
          <ConfigProvider locale={idID} theme={themeOf(dark, prefersReducedMotion())}>
            {children}
          </ConfigProvider>
        );
      },
    });
  }
  void message[kind](text);
}
