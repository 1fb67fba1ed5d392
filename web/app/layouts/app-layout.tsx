import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Button, Grid, Layout, Menu, theme, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { Session } from '#contract/auth.ts';
import { activeKey, menuFor, type MenuEntry } from '../menu.tsx';
import { isSideFamily, paths, type Family } from '../paths.ts';
import { TopBarActions } from './top-bar.tsx';
import { useRecordVisit } from '../../features/statistik/use-record-visit.ts';

function toAntItems(entries: MenuEntry[]): MenuProps['items'] {
  return entries.map((e) =>
    e.children
      ? { key: e.key, label: e.label, icon: e.icon, children: toAntItems(e.children) }
      : { key: e.key, label: e.label, icon: e.icon },
  );
}

function Brand({ collapsed }: { collapsed?: boolean }) {
  return (
    <div className="brand">
      <img src="/favicon.svg" alt="" />
      {!collapsed && <span>Sidasek</span>}
    </div>
  );
}

/** Side layout (/admin-side, /operator-side) or simple layout with a top menu (…-simple). */
export function AppLayout({ family, session }: { family: Family; session: Session }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const entries = useMemo(() => menuFor(family, session), [family, session]);
  const active = activeKey(entries, location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(active.parent ? [active.parent] : []);
  const [collapsed, setCollapsed] = useState(false);
  useRecordVisit(session.user.id);

  // Opening a page inside a group (by link or back button) opens that group.
  useEffect(() => {
    if (active.parent) setOpenKeys((keys) => (keys.includes(active.parent!) ? keys : [...keys, active.parent!]));
  }, [active.parent]);

  const onClick: MenuProps['onClick'] = ({ key }) => navigate(key);
  const selectedKeys = active.selected ? [active.selected] : [];
  const header = (extra?: React.ReactNode) => (
    <Layout.Header
      style={{ background: token.colorBgContainer, padding: '0 16px', display: 'flex', alignItems: 'center', gap: 16, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {extra}
      <div style={{ marginLeft: 'auto' }}>
        <TopBarActions session={session} />
      </div>
    </Layout.Header>
  );
  const content = (
    <Layout.Content style={{ margin: 16 }}>
      <div style={{ background: token.colorBgContainer, padding: 20, borderRadius: token.borderRadiusLG, minHeight: 360 }}>
        <Outlet />
      </div>
    </Layout.Content>
  );

  if (isSideFamily(family)) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-layout="side">
        <Layout.Sider theme="light" width={240} collapsible collapsed={collapsed} trigger={null} breakpoint="lg" onBreakpoint={setCollapsed}
          style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}>
          <Link to={paths.dashboard(family)} style={{ display: 'block', padding: '16px 20px', color: token.colorText }}>
            <Brand collapsed={collapsed} />
          </Link>
          <Menu mode="inline" items={toAntItems(entries)} selectedKeys={selectedKeys} openKeys={collapsed ? undefined : openKeys}
            onOpenChange={(keys) => setOpenKeys(keys as string[])} onClick={onClick} data-testid="main-menu" style={{ borderInlineEnd: 0 }} />
        </Layout.Sider>
        <Layout>
          {header(
            <Button type="text" aria-label={collapsed ? 'Buka menu' : 'Tutup menu'} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setCollapsed(!collapsed)} />,
          )}
          {content}
        </Layout>
      </Layout>
    );
  }
  return (
    <Layout style={{ minHeight: '100vh' }} data-layout="simple">
      {header(
        <>
          <Link to={paths.dashboard(family)} style={{ color: token.colorText }}>
            <Brand collapsed={!screens.md} />
          </Link>
          <Menu mode="horizontal" items={toAntItems(entries)} selectedKeys={selectedKeys} onClick={onClick} data-testid="main-menu"
            style={{ flex: 1, minWidth: 0, borderBottom: 0 }} />
        </>,
      )}
      {content}
    </Layout>
  );
}
