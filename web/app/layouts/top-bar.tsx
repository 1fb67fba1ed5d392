import { useNavigate } from 'react-router';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { LogoutOutlined, KeyOutlined, UserOutlined } from '@ant-design/icons';
import type { Session } from '#contract/auth.ts';
import { DarkModeSwitch } from './dark-mode-switch.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';

/** The right side of the top bar: dark mode, role name and the account dropdown with logout. */
export function TopBarActions({ session }: { session: Session }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Space size="middle">
      <DarkModeSwitch />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: 'Ganti Password', onClick: () => navigate('/ganti-password') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true, onClick: () => logout() },
          ],
        }}
      >
        <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} />
          <span className="user-chip">
            <Typography.Text strong>{session.user.nama || session.user.username}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="role-name">
              {session.user.roles.name}
            </Typography.Text>
          </span>
        </Space>
      </Dropdown>
    </Space>
  );
}
