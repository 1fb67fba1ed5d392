// The files vite.config.ts gathers into a few larger chunks for the first screens (why and
// what each group holds: the comments there). Kept apart from the config so a test can check them:
// web/app/chunk-groups.test.ts fails when a file is renamed or removed, or when a group file is no
// longer imported by the screens it serves (decision 0043). The preload table is generated from
// the router (scripts/route-preload.mjs); these groups are a choice of how to cut the bundle, not a
// copy of something else, so they stay a list.
export const CHUNK_GROUPS = {
  /** The signed-in layout's modules: menu, top bar, visit count. */
  shell: [
    'web/lib/use-media.ts',
    'web/app/layouts/icons.ts',
    'web/app/layouts/nav-menu.tsx',
    'web/app/layouts/top-bar.tsx',
    'web/app/menu.tsx',
    'web/features/statistik/use-record-visit.ts',
    'web/features/statistik/api/kunjungan.ts',
  ],
  /** The components of the screens drawn without antd. */
  lite: [
    'web/components/lite/table.tsx',
    'web/components/lite/controls.tsx',
    'web/components/lite/tabs.tsx',
    'web/components/lite/icons.ts',
    'web/components/ekspor/export-button-lite.tsx',
    'web/lib/notify.ts',
  ],
  /** What the login page shares with the signed-in screens. */
  common: [
    'web/components/svg-icon.tsx',
    'web/app/layouts/dark-mode-switch.tsx',
    'web/lib/format.ts',
    'web/features/auth/api/logout.ts',
  ],
  /** Small helpers the first signed-in screens share (folded into the shell chunk). */
  first: [
    'web/lib/after-paint.ts',
    'web/components/ui/pager.tsx',
    'web/components/ekspor/download.ts',
    'web/features/sekolah/api/sekolah-detail.ts',
  ],
  /** The teacher screens' API hooks, paths, formatting and value lists. */
  guruApi: [
    'web/features/guru/api/guru.ts',
    'web/features/guru/api/master.ts',
    'web/lib/guru-format.ts',
    'contract/guru-values.ts',
    'contract/master-guru.ts',
  ],
} as const satisfies Record<string, readonly string[]>;
