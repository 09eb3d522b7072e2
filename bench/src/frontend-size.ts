import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { BUDGETS } from './budgets.js';

/** One entry of Vite's build manifest (`build.manifest` in apps/web/vite.config.ts). */
type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type FrontendRoute = '/' | '/signin' | '/dashboard';

export type AssetGroup = { files: string[]; rawBytes: number; gzipBytes: number };

export type RouteAssets = { route: FrontendRoute; js: AssetGroup; css: AssetGroup };

/**
 * The lazy route modules each page needs before its first paint (apps/web/src/app/router.tsx):
 * the router loads the query cache's scope, the layout and the page of the matched branch together,
 * so all count (/signin sits outside the scope).
 */
const ROUTE_MODULES: Record<FrontendRoute, string[]> = {
  '/': ['src/app/layouts/query-scope.tsx', 'src/app/layouts/public-layout.tsx', 'src/app/routes/public/home.tsx'],
  '/signin': ['src/app/routes/auth/signin.tsx'],
  '/dashboard': [
    'src/app/layouts/query-scope.tsx',
    'src/app/layouts/dashboard-layout.tsx',
    'src/app/routes/dashboard/dashboard-home.tsx',
  ],
};

export const FRONTEND_ROUTES = Object.keys(ROUTE_MODULES) as FrontendRoute[];

/** Budgets of issue 8 (budgets.ts), in gzipped bytes of initial JS (KB = 1024 bytes). */
export const INITIAL_JS_BUDGETS: Partial<Record<FrontendRoute, number>> = {
  '/signin': BUDGETS.signinJsKbMax * 1024,
  '/dashboard': BUDGETS.dashboardJsKbMax * 1024,
};

/** Level 9 is what a server precompressing its static files at build time would send. */
function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
}

function sumGroup(distDir: string, files: string[], cache: Map<string, { raw: number; gzip: number }>): AssetGroup {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    let sizes = cache.get(file);
    if (!sizes) {
      const content = readFileSync(path.join(distDir, file));
      sizes = { raw: content.length, gzip: gzipSize(content) };
      cache.set(file, sizes);
    }
    rawBytes += sizes.raw;
    gzipBytes += sizes.gzip;
  }
  return { files, rawBytes, gzipBytes };
}

/**
 * The JS and CSS a first visit to each route downloads before it can paint: the entry (index.html)
 * and the lazy route modules above, each with its static imports followed recursively, every file
 * counted once. Dynamic imports inside those chunks load later and are not counted.
 */
export function measureInitialAssets(webDistDir: string): RouteAssets[] {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error(`no index.html entry in ${manifestPath}`);
  const cache = new Map<string, { raw: number; gzip: number }>();

  return FRONTEND_ROUTES.map((route) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`manifest has no chunk ${key} (is ${manifestPath} from an older build?)`);
      js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entryKey);
    for (const key of ROUTE_MODULES[route]) visit(key);
    return { route, js: sumGroup(webDistDir, [...js], cache), css: sumGroup(webDistDir, [...css], cache) };
  });
}

export type InitialJsCheck = { name: string; actual: number; budget: number; ok: boolean };

/** Initial JS of each budgeted route against issue 8's budgets. */
export function checkInitialJsBudgets(assets: RouteAssets[]): InitialJsCheck[] {
  return assets.flatMap(({ route, js }) => {
    const budget = INITIAL_JS_BUDGETS[route];
    if (budget === undefined) return [];
    return [{ name: `initial JS ${route} (gzip)`, actual: js.gzipBytes, budget, ok: js.gzipBytes <= budget }];
  });
}
