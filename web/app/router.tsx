import { lazy, Suspense } from 'react';
import { Dots } from '../components/lite/dots.tsx';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { FAMILIES, isAdminFamily, isSideFamily, type Family } from './paths.ts';
import { PublicOnly, RequireFamily, RequireSession } from './guards.tsx';
import { RouteError } from './route-error.tsx';
import { queryClient } from './query-client.ts';
import { getSession, isAdmin } from '../lib/session.ts';
import { guruListParams, guruListQuery, masterQuery } from '../features/guru/api/queries.ts';
import { statistikQuery } from '../features/statistik/api/statistik-query.ts';
import { sekolahQuery } from '../features/sekolah/api/sekolah-detail-query.ts';

// Every route has an error page (RouteError, in Indonesian with "Muat ulang"); inside the signed-in
// area it is drawn in the layout, so the menu stays when a screen's code fails to load.
// Every screen is its own chunk, and so is the signed-in layout (menu, top bar): the login page
// downloads neither, and a screen downloads only what it draws. The router fetches the lazy
// modules of all matched routes (layout and screen) at once. scripts/web-budget.mjs reads this
// file to know each route's modules: keep every `lazy` a plain `import('…')` (or a const holding
// one), and add a new screen the same way as the others.
const loginPage = () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage }));
const notFoundPage = () => import('../features/auth/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));
/**
 * The teacher list, the screen most sessions open on, is not a lazy route but a lazy component
 * inside its route: the router draws nothing of a navigation until every lazy route of it has
 * loaded, so the menu and top bar would wait for the list's code; this way they paint as soon as
 * the layout's code is there, with the list's loading state in the content area.
 */
const GuruListScreen = lazy(() =>
  import('../features/guru/guru-list-page.tsx').then((m) => ({ default: m.GuruListPage })),
);
function GuruList() {
  return (
    <Suspense
      fallback={
        <div className="screen-loading">
          <Dots size="large" />
        </div>
      }
    >
      <GuruListScreen />
    </Suspense>
  );
}
const guruDetailPage = () =>
  import('../features/guru/guru-detail-page.tsx').then((m) => ({ Component: m.GuruDetailPage }));
const statistikPage = () =>
  import('../features/statistik/statistik-page.tsx').then((m) => ({ Component: m.StatistikPage }));
const akanKgbPage = () => import('../features/kgb/akan-kgb-page.tsx').then((m) => ({ Component: m.AkanKgbPage }));
/** antd's ConfigProvider and App around the screens (not the login page, not the signed-in layout). */
const antAppOutlet = () => import('./ant-app-outlet.tsx').then((m) => ({ Component: m.AntAppOutlet }));
const dokumenPage = () => import('../features/kgb/dokumen-page.tsx').then((m) => ({ Component: m.DokumenPage }));
/** The layout of a family (menu, top bar) inside its guard, which may send the user elsewhere. */
const appLayout = (family: Family) => () =>
  import('./layouts/app-layout.tsx').then(({ AppLayout }) => ({
    Component: () => (
      <RequireFamily family={family}>{(session) => <AppLayout family={family} session={session} />}</RequireFamily>
    ),
  }));

/**
 * A route loader that starts the first requests of a screen while its code downloads:
 * the screen's hooks find them in the query cache. It does not wait for them, so the screen
 * renders as soon as its code is there; without a session it does nothing (the guard redirects).
 */
const prefetch =
  (
    queries: (
      url: URL,
      params: Record<string, string | undefined>,
    ) => { queryKey: readonly unknown[]; queryFn: (ctx: { signal: AbortSignal }) => Promise<unknown> }[],
  ) =>
  ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => {
    if (getSession())
      for (const q of queries(new URL(request.url), params))
        void queryClient.prefetchQuery(q as Parameters<typeof queryClient.prefetchQuery>[0]);
    return null;
  };

/**
 * Screens drawn without antd (components/lite, styles.css): outside antd's route, so opening one
 * does not download antd. The screens a user most often opens first.
 */
function liteScreensOf(family: Family): RouteObject[] {
  const common: RouteObject[] = [
    {
      path: 'guru',
      Component: GuruList,
      ErrorBoundary: RouteError,
      loader: prefetch((url) => [guruListQuery(guruListParams(url.searchParams)), masterQuery('jenisguru')]),
    },
  ];
  const school = prefetch((_url, params) => (params.npsn ? [sekolahQuery(params.npsn)] : []));
  if (!isAdminFamily(family)) {
    return [
      ...common,
      {
        path: isSideFamily(family) ? 'sekolah-side/:npsn' : 'sekolah-simple/:npsn',
        lazy: () =>
          import('../features/sekolah/sekolah-detail-page.tsx').then((m) => ({ Component: m.OperatorSekolahPage })),
        loader: school,
        ErrorBoundary: RouteError,
      },
    ];
  }
  return [
    ...common,
    {
      path: 'user-detail/:npsn',
      lazy: () =>
        import('../features/sekolah/sekolah-detail-page.tsx').then((m) => ({ Component: m.SekolahDetailPage })),
      loader: school,
      ErrorBoundary: RouteError,
    },
    // The first tab's first statistic (statistik-page.tsx), when the page opens on it.
    {
      path: 'statistik',
      lazy: statistikPage,
      ErrorBoundary: RouteError,
      loader: prefetch((url) =>
        isAdmin(getSession()) && (url.searchParams.get('tab') ?? 'guru') === 'guru'
          ? [statistikQuery('guru-pensiun')]
          : [],
      ),
    },
  ];
}

/** The screens of one family (SPEC §2 route tables); the same list for side and simple layouts. */
function screensOf(family: Family): RouteObject[] {
  const admin = isAdminFamily(family);
  const common: RouteObject[] = [
    { index: true, element: <Navigate to="dashboard" replace /> },
    { path: 'guru/akan-kgb', lazy: akanKgbPage },
    { path: 'guru/detail-guru/:id', lazy: guruDetailPage },
    {
      path: 'guru/kenaikan-pangkat',
      lazy: () =>
        import('../features/kenaikan-pangkat/kenaikan-pangkat-page.tsx').then((m) => ({
          Component: m.KenaikanPangkatPage,
        })),
    },
    {
      path: 'guru/pensiun',
      lazy: () => import('../features/pensiun/pensiun-page.tsx').then((m) => ({ Component: m.PensiunPage })),
    },
    { path: 'maps', lazy: () => import('../features/maps/maps-page.tsx').then((m) => ({ Component: m.MapsPage })) },
  ];
  if (!admin) {
    return [
      ...common,
      {
        path: 'dashboard',
        lazy: () =>
          import('../features/dashboard/operator-dashboard.tsx').then((m) => ({ Component: m.OperatorDashboard })),
      },
      {
        path: 'notifikasi',
        lazy: () => import('../features/notifikasi/notifikasi-page.tsx').then((m) => ({ Component: m.NotifikasiPage })),
      },
    ];
  }
  return [
    ...common,
    {
      path: 'dashboard',
      lazy: () => import('../features/dashboard/admin-dashboard.tsx').then((m) => ({ Component: m.AdminDashboard })),
    },
    {
      path: 'user-account',
      lazy: () =>
        import('../features/user-account/user-account-page.tsx').then((m) => ({ Component: m.UserAccountPage })),
    },
    {
      path: 'data-sekolah',
      lazy: () => import('../features/sekolah/sekolah-list-page.tsx').then((m) => ({ Component: m.SekolahListPage })),
    },
    {
      path: 'data-sekolah/add',
      lazy: () => import('../features/sekolah/sekolah-add-page.tsx').then((m) => ({ Component: m.SekolahAddPage })),
    },
    {
      path: 'data-sekolah/edit/:npsn',
      lazy: () => import('../features/sekolah/sekolah-edit-page.tsx').then((m) => ({ Component: m.SekolahEditPage })),
    },
    {
      path: 'guru/add-guru',
      lazy: () => import('../features/guru/guru-add-page.tsx').then((m) => ({ Component: m.GuruAddPage })),
    },
    {
      path: 'guru/edit-guru/:id',
      lazy: () => import('../features/guru/guru-edit-page.tsx').then((m) => ({ Component: m.GuruEditPage })),
    },
    {
      path: 'guru/buat-kgb/:id',
      lazy: () => import('../features/kgb/buat-kgb-page.tsx').then((m) => ({ Component: m.BuatKgbPage })),
    },
    {
      path: 'guru/arsip-kgb',
      lazy: () => import('../features/kgb/arsip-kgb-page.tsx').then((m) => ({ Component: m.ArsipKgbPage })),
    },
    {
      path: 'guru/periode-kgb',
      lazy: () => import('../features/kgb/periode-kgb-page.tsx').then((m) => ({ Component: m.PeriodeKgbPage })),
    },
    {
      path: 'guru/verifikasi-kgb/:id',
      lazy: () => import('../features/kgb/verifikasi-kgb-page.tsx').then((m) => ({ Component: m.VerifikasiKgbPage })),
    },
    {
      path: 'pejabat-penandatangan',
      lazy: () => import('../features/kgb/pejabat-page.tsx').then((m) => ({ Component: m.PejabatPage })),
    },
    {
      path: 'guru/impor',
      lazy: () => import('../features/impor/impor-guru-page.tsx').then((m) => ({ Component: m.ImporGuruPage })),
    },
    {
      path: 'kualitas-data',
      lazy: () => import('../features/kualitas/kualitas-page.tsx').then((m) => ({ Component: m.KualitasPage })),
    },
    { path: 'audit', lazy: () => import('../features/audit/audit-page.tsx').then((m) => ({ Component: m.AuditPage })) },
    {
      path: 'berita',
      lazy: () => import('../features/berita/berita-page.tsx').then((m) => ({ Component: m.BeritaPage })),
    },
    ...(isSideFamily(family)
      ? [
          {
            path: 'berita/kategory',
            lazy: () =>
              import('../features/berita/kategori-page.tsx').then((m) => ({ Component: m.KategoriBeritaPage })),
          },
        ]
      : []),
  ];
}

// Nothing while the first screen's code loads (its screens are lazy): react-router asks for this on
// the first matched route and warns on every first visit without it.
const noHydrateFallback = () => null;

export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    HydrateFallback: noHydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', lazy: loginPage },
      { path: '/login', lazy: loginPage },
    ],
  },
  {
    // Every other screen inside antd's App (message, modal, notification): not downloaded by the login page.
    lazy: antAppOutlet,
    HydrateFallback: noHydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/permission',
        lazy: () => import('../features/auth/permission-page.tsx').then((m) => ({ Component: m.PermissionPage })),
      },
      // Public check of a signed letter by its document code (no login).
      { path: '/dokumen', lazy: dokumenPage },
      { path: '/dokumen/:kode', lazy: dokumenPage },
      {
        element: <RequireSession />,
        children: [
          {
            path: '/ganti-password',
            lazy: () =>
              import('../features/auth/change-password-page.tsx').then((m) => ({ Component: m.ChangePasswordPage })),
          },
          {
            path: '/verifikasi-dua-langkah',
            lazy: () => import('../features/auth/totp-page.tsx').then((m) => ({ Component: m.TotpPage })),
          },
          // A record's document in its own tab.
          {
            path: '/berkas',
            lazy: () => import('../features/riwayat/berkas-page.tsx').then((m) => ({ Component: m.BerkasPage })),
          },
        ],
      },
      { path: '*', lazy: notFoundPage },
    ],
  },
  // The signed-in area: the layout (menu, top bar) is drawn without antd, so /:family renders
  // before antd is downloaded; its screens get antd (and App's message, modal, notification) from
  // their own antd route inside the layout, which stays mounted while the user moves between them.
  ...FAMILIES.map((family): RouteObject => ({
    path: `/${family}`,
    lazy: appLayout(family),
    HydrateFallback: noHydrateFallback,
    // Without the layout's own code there is no menu to keep; any screen below fails inside it.
    ErrorBoundary: RouteError,
    children: [
      ...liteScreensOf(family),
      {
        lazy: antAppOutlet,
        ErrorBoundary: RouteError,
        children: [...screensOf(family), { path: '*', lazy: notFoundPage }],
      },
    ],
  })),
];

// The first screen's requests start now, before the router asks for the screens' code: the
// browser sends them ahead of the chunk downloads instead of queueing them behind. The
// route's loader runs again when the router calls it and finds them in flight.
for (const m of matchRoutes(routes, window.location) ?? []) {
  if (typeof m.route.loader === 'function')
    void (m.route.loader as (a: { request: Request; params: typeof m.params }) => unknown)({
      request: new Request(window.location.href),
      params: m.params,
    });
}
// What the route-preload script requested early and the loaders above did not take is dropped:
// a later request of the same URL must not get an old answer.
delete (window as { __sidasekEarly?: unknown }).__sidasekEarly;

export const router = createBrowserRouter(routes);
