import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { Session } from '#contract/auth.ts';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { DarkModeSwitch } from './dark-mode-switch.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { KeyOutlined, LogoutOutlined, SafetyOutlined } from './icons.ts';
import { ROLE_ADMIN } from '#contract/roles.ts';

// Operators only, and after the screen: the bell is not part of any route's first download.
const NoticeBell = lazy(() => import('./notice-bell.tsx'));

/**
 * The right side of the top bar: dark mode, role name and the account dropdown with logout, in
 * antd Dropdown's look without antd (styles.css `.dd`, `.popup`, `.dd-item`).
 */
export function TopBarActions({ session }: { session: Session }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // Closes on a click elsewhere and on Escape, as antd's Dropdown does.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="top-actions">
      {session.user.roles.id !== ROLE_ADMIN && (
        <Suspense fallback={null}>
          <NoticeBell />
        </Suspense>
      )}
      <DarkModeSwitch />
      <div className="dd" ref={box}>
        <button
          type="button"
          className="user-btn"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="user-menu"
        >
          <span className="avatar">
            <SvgIcon icon={UserOutlined} />
          </span>
          <span className="user-chip">
            <strong>{session.user.nama || session.user.username}</strong>
            <span className="role" data-testid="role-name">
              {session.user.roles.name}
            </span>
          </span>
        </button>
        {open && (
          <ul role="menu" className="popup">
            <li role="none">
              <button
                type="button"
                role="menuitem"
                className="dd-item"
                onClick={choose(() => navigate('/ganti-password'))}
              >
                <SvgIcon icon={KeyOutlined} />
                Ganti Password
              </button>
            </li>
            <li role="none">
              <button
                type="button"
                role="menuitem"
                className="dd-item"
                onClick={choose(() => navigate('/verifikasi-dua-langkah'))}
              >
                <SvgIcon icon={SafetyOutlined} />
                Verifikasi Dua Langkah
              </button>
            </li>
            <li role="separator" className="dd-divider" />
            <li role="none">
              <button type="button" role="menuitem" className="dd-item danger" onClick={choose(() => void logout())}>
                <SvgIcon icon={LogoutOutlined} />
                Logout
              </button>
            </li>
          </ul>
        )}
      </div>
    </div>
  );
}
