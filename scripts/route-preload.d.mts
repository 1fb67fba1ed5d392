export function pathPattern(routePath: string): string;
export function preloadRoutes(routerSource: string, routerDir?: string): [pattern: string, modules: string[]][];
export function projectPreloadRoutes(root: string): [pattern: string, modules: string[]][];
