import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMedia } from '../../lib/use-media.ts';
import { Link, Outlet, useLocation } from 'react-router';
import type { Session } from '#contract/auth.ts';
import { activeKey, menuFor } from '../menu.tsx';
import { isSideFamily, paths, type Family } from '../paths.ts';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { NavMenu, type MenuMode } from './nav-menu.tsx';
import { TopBarActions } from './top-bar.tsx';
import { useRecordVisit } from '../../features/statistik/use-record-visit.ts';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from './icons.ts';

const NARROW = '(max-width: 991.98px)';
/** Below antd's `md` breakpoint (768 px) the menu is a drawer over the page, in both layouts. */
const PHONE = '(max-width: 767.98px)';

// The phone menu's panel is loaded on a phone only, right after the first screen.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx'));
const loadDrawer = () => void import('./menu-drawer.tsx');

function Brand({ collapsed }: { collapsed?: boolean }) {
  return (
    <div className="brand">
      <img src="/favicon.svg" alt="" />
      {!collapsed && <span>Sidasek</span>}
    </div>
  );
}

/**
 * Side layout (/admin-side, /operator-side) or simple layout with a top menu (…-simple). Drawn
 * without antd (styles.css `.shell`, in antd Layout's look), so the shell renders before antd is
 * downloaded; the screen inside gets antd from its own lazy route.
 */
export function AppLayout({
  family,
  session,
  children,
}: {
  family: Family;
  session: Session;
  /** Instead of the route's screen (the 403 page). */ children?: ReactNode;
}) {
  const location = useLocation();
  const entries = useMemo(() => menuFor(family, session), [family, session]);
  const active = activeKey(entries, location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(active.parent ? [active.parent] : []);
  // The side menu folds below antd's `lg` breakpoint (992 px), as the Sider's breakpoint did; the
  // simple layout shows the brand's name from `md` (768 px) on. Folded from the first render on a
  // narrow screen: folding it after the first paint moved the whole page (layout shift).
  const side = isSideFamily(family);
  const [collapsed, setCollapsed] = useState(() => side && window.matchMedia(NARROW).matches);
  useMedia(NARROW, side ? setCollapsed : undefined);
  const phone = useMedia(PHONE);
  const [drawer, setDrawer] = useState(false);
  const closeDrawer = useMemo(() => () => setDrawer(false), []);
  useRecordVisit(session.user.id);

  // Navigating closes the phone menu; so does growing past the phone width.
  useEffect(() => setDrawer(false), [location.pathname, location.search, phone]);
  useEffect(() => {
    if (phone) loadDrawer();
  }, [phone]);

  // Opening a page inside a group (by link or back button) opens that group.
  useEffect(() => {
    if (active.parent) setOpenKeys((keys) => (keys.includes(active.parent!) ? keys : [...keys, active.parent!]));
  }, [active.parent]);

  // The same menu in every layout; only how it is drawn (inline, folded, across the top) differs.
  const navMenu = (mode: MenuMode) => (
    <NavMenu mode={mode} entries={entries} selected={active.selected} openKeys={openKeys} onOpenChange={setOpenKeys} />
  );
  // One tree for every layout: the sider, the main column (header, then the screen) and the
  // phone's drawer always in the same places, so crossing a breakpoint (a tablet turned, a window
  // narrowed) redraws the shell around the screen instead of mounting the screen again, which
  // would lose what a form held and every scroll position.
  let sider: ReactNode = null;
  let headerStart: ReactNode;
  if (phone)
    headerStart = (
      <>
        <button
          type="button"
          className="btn-text menu-btn"
          aria-label="Buka menu"
          aria-expanded={drawer}
          aria-haspopup="dialog"
          onClick={() => setDrawer(true)}
          data-testid="menu-button"
        >
          <SvgIcon icon={MenuOutlined} />
        </button>
        <Link to={paths.dashboard(family)} aria-label="Sidasek, ke Dashboard">
          <Brand collapsed />
        </Link>
      </>
    );
  else if (side) {
    sider = (
      <aside className={`shell-sider${collapsed ? ' collapsed' : ''}`}>
        <Link to={paths.dashboard(family)}>
          <Brand collapsed={collapsed} />
        </Link>
        <nav aria-label="Menu utama">{navMenu(collapsed ? 'collapsed' : 'inline')}</nav>
      </aside>
    );
    headerStart = (
      <button
        type="button"
        className="btn-text"
        aria-label={collapsed ? 'Buka menu' : 'Tutup menu'}
        onClick={() => setCollapsed(!collapsed)}
      >
        <SvgIcon icon={collapsed ? MenuUnfoldOutlined : MenuFoldOutlined} />
      </button>
    );
  } else
    headerStart = (
      <>
        <Link to={paths.dashboard(family)}>
          <Brand />
        </Link>
        <nav aria-label="Menu utama" style={{ display: 'flex', flex: 1, minWidth: 46 }}>
          {navMenu('horizontal')}
        </nav>
      </>
    );

  return (
    <div className="shell" data-layout={side ? 'side' : 'simple'} data-phone={phone ? '' : undefined}>
      {sider}
      <div className="shell-main">
        <header className="shell-header">
          {headerStart}
          <TopBarActions session={session} />
        </header>
        <main className="shell-content">
          <div>{children ?? <Outlet />}</div>
        </main>
      </div>
      {phone && drawer && (
        <Suspense fallback={null}>
          <MenuDrawer onClose={closeDrawer} brand={<Brand />}>
            {navMenu('inline')}
          </MenuDrawer>
        </Suspense>
      )}
    </div>
  );
}
