import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { useThemeMode } from '../theme.tsx';

/** The dark mode switch of the top bar and the login page: antd's Switch look without antd (both
 * screens render before antd is loaded; styles.css `.sw`). */
export function DarkModeSwitch() {
  const { dark, setDark } = useThemeMode();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="Mode gelap"
      className="sw"
      onClick={() => setDark(!dark)}
      data-testid="dark-mode-switch"
    >
      <span className="sw-handle" />
      <span className="sw-inner">{dark ? <SvgIcon icon={MoonOutlined} /> : <SvgIcon icon={SunOutlined} />}</span>
    </button>
  );
}
