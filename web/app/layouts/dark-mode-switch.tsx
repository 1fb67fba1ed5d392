import { Switch } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useThemeMode } from '../theme.tsx';

/** The dark mode switch of the top bar and the login page (its own module: the login page does
 * not download the top bar's account menu). */
export function DarkModeSwitch() {
  const { dark, setDark } = useThemeMode();
  return (
    <Switch
      aria-label="Mode gelap"
      checked={dark}
      onChange={setDark}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
      data-testid="dark-mode-switch"
    />
  );
}
