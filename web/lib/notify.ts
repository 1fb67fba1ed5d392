/**
 * antd's message (toast) for screens drawn without antd: antd's message module is
 * downloaded on the first call, not with the screen. Same look and place as `App.useApp().message`.
 */
export function notify(kind: 'success' | 'error', text: string): void {
  void import('./notify-antd.tsx').then((m) => m.showMessage(kind, text));
}
