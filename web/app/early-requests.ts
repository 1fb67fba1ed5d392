/**
 * The first API requests of the heaviest screens, sent by the route-preload script (vite.config.ts)
 * with the session's token as soon as the page's HTML is read, instead of after the app has
 * started: `window.__sidasekEarly[url]` holds each response, which web/lib/api-client.ts takes
 * (once) for the same GET. Tested against `location.pathname + location.search`; `$1`… are the
 * pattern's groups, URI-encoded. The URLs must be exactly those the screens' queries build
 * (router.tsx loaders): e2e/early-requests.spec.ts checks that each is asked once and that the
 * screen asks nothing else of the same address.
 */
export const EARLY_REQUESTS: [pattern: string, urls: string[]][] = [
  ['^/(admin|operator)-(side|simple)/guru/?$', ['/api/guru/?bp=&jenis_guru=&page=1', '/api/jenisguru']],
  ['^/admin-(side|simple)/statistik/?(\\?tab=guru)?$', ['/api/data-statistik/guru-pensiun']],
  [
    '^/(?:admin-(?:side|simple)/user-detail|operator-side/sekolah-side|operator-simple/sekolah-simple)/([^/?]+)/?$',
    ['/api/sekolah/$1'],
  ],
];
