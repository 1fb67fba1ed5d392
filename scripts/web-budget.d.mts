// Types of scripts/web-budget.mjs, for scripts/web-budget.test.ts.
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface Row {
  route: string;
  modules: string[];
  jsFiles: string[];
  cssFiles: string[];
  laterFiles: string[];
  js: number;
  css: number;
  later: number;
}
export interface Budgets {
  limits: { firstScreen: number; route: number };
  firstScreen?: string[];
  routes?: Record<string, number>;
  overTarget?: Record<string, number>;
}
export interface JudgedRow extends Row {
  target: number;
  budget: number;
  status: 'OK' | 'over target' | 'OVER BUDGET';
  ok: boolean;
  defaulted: boolean;
}
export const ENTRY: string;
export function parseRoutes(source: string, fileName?: string): { path: string; modules: string[] }[];
export function filesOf(manifest: Manifest, keys: string[]): { js: string[]; css: string[]; dynamic: string[] };
export function onDemandOf(
  manifest: Manifest,
  loaded: { js: string[] },
  dynamic: string[],
  routeModules: Set<string>,
): string[];
export function manifestKeyOf(manifest: Manifest, routerDir: string, specifier: string, viteRoot: string): string;
export function entryKeyOf(manifest: Manifest): string;
export function measure(
  manifest: Manifest,
  routes: { path: string; keys: string[] }[],
  sizeOf: (file: string) => number,
): Row[];
export function judge(
  rows: Row[],
  budgets: Budgets,
  opts?: { strict?: boolean },
): { rows: JudgedRow[]; errors: string[]; stale: string[] };
export function suggest(judged: JudgedRow[]): { routes: Record<string, number>; overTarget: Record<string, number> };
export function kB(bytes: number): string;
export function formatTable(judged: JudgedRow[]): string;
