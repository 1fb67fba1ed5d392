/**
 * A message to show after a navigation into another antd App (e.g. from /ganti-password into the
 * signed-in area, whose screens have their own App): passed as the navigation's state and shown by
 * ant-app-outlet.tsx when it opens.
 */
export interface FlashState {
  flash: string;
}

export const flashState = (text: string): FlashState => ({ flash: text });

export function flashOf(state: unknown): string | null {
  const flash = (state as Partial<FlashState> | null)?.flash;
  return typeof flash === 'string' ? flash : null;
}
