/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** Every build gets its own version so the update dialog can name what it is offering. */
const appVersion = `${pkg.version}+${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;

/** Writes /version.json next to the bundle; the running app reads it when a new worker is waiting. */
function versionFile(): Plugin {
  return {
    name: 'hr-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: appVersion }),
      });
    },
  };
}

/**
 * The pages a visit most often starts on, by path: their chunks are listed in
 * /route-preloads.json, and the server names them as `modulepreload` links in the HTML it sends for
 * that path, so the browser fetches them with the entry instead of after it (ADR 0105). A protected
 * page also lists the signed-in shell. /auth is not here: a page load of /auth gets auth.html, the
 * sign-in page built apart, whose own HTML names its chunks (ADR 0125).
 */
const PRELOADED_ROUTES: Record<string, string[]> = {
  '/': ['src/app/signed-in-shell.tsx', 'src/app/routes/dashboard-page.tsx'],
  '/mobile-home': ['src/app/signed-in-shell.tsx', 'src/app/routes/mobile-home-page.tsx'],
  '/holidays': ['src/app/signed-in-shell.tsx', 'src/app/routes/holidays-page.tsx'],
};

/**
 * The reads the first screen of a protected page waits for: listed beside its chunks, and the server
 * names them as `<link rel="preload" as="fetch">`, so the session (and the page's largest element)
 * is read while the JavaScript downloads instead of after it has run (ADR 0130). GET paths without
 * a query only; the page's `prefetch` and its queries ask for the same URLs and take the answers.
 */
const PRELOADED_READS: Record<string, string[]> = {
  '/': ['/api/v1/me'],
  '/mobile-home': ['/api/v1/me'],
  // The balance card is on every tab of /holidays; the Overview's lists are prefetched by the page.
  '/holidays': ['/api/v1/me', '/api/v1/holidays/balance'],
};

function routePreloads(): Plugin {
  return {
    name: 'hr-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const next of byFile.get(file)?.imports ?? []) closure(next, seen);
        return seen;
      };
      // The app's entry, the chunk holding main.tsx (auth.html has its own entry, ADR 0125).
      // With the chunk groups (ADR 0130) main.tsx itself may sit in the `app` group: the entry is the
      // chunk whose facade is index.html or main.tsx, else the one holding main.tsx.
      const isApp = (id: string | null) =>
        !!id && (id.endsWith('/apps/web/index.html') || id.endsWith('/apps/web/src/main.tsx'));
      const entry =
        chunks.find((chunk) => chunk.isEntry && isApp(chunk.facadeModuleId)) ??
        chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some(isApp));
      if (!entry) this.error('route-preloads: no entry chunk holds src/main.tsx');
      // The entry and what index.html already preloads.
      const initial = closure(entry.fileName);
      const preloads: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(PRELOADED_ROUTES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk =
            chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${module}`)) ??
            chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/apps/web/${module}`)));
          if (!chunk) this.error(`route-preloads: no chunk for ${module}`);
          for (const file of closure(chunk.fileName)) if (!initial.has(file)) files.add(file);
        }
        preloads[route] = [...[...files].map((file) => `/${file}`), ...(PRELOADED_READS[route] ?? [])];
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const moduleId = (file: string) => path.join(webRoot, file);

type ChunkingContext = Parameters<
  Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>
>[1];

/** The two barrels the app imports from: `import { Dialog } from 'radix-ui'`, `{ Bell } from 'lucide-react'`. */
const BARRELS: Array<[spec: string, id: RegExp]> = [
  ['radix-ui', /\/node_modules\/radix-ui\/dist\/index\.mjs$/],
  ['lucide-react', /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/],
];

/** The names a module's code takes from the barrel `spec`: `import { A, B as C } from 'spec'`. */
function namesImported(code: string, spec: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    if (match[2] !== spec) continue;
    for (const part of (match[1] as string).split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** The modules behind `names` in a barrel: `import * as X from 'm'` (Radix), `export { default as X } from './m'` (Lucide). */
function barrelModules(ctx: ChunkingContext, barrelId: string, names: string[]): string[] {
  const barrel = ctx.getModuleInfo(barrelId);
  if (!barrel?.code) return [];
  const sources = new Map<string, string>();
  for (const m of barrel.code.matchAll(/import \* as (\w+) from ["']([^"']+)["']/g)) {
    sources.set(m[1] as string, m[2] as string);
  }
  for (const m of barrel.code.matchAll(/export \{([^}]*)\} from ["']([^"']+)["']/g)) {
    for (const part of (m[1] as string).split(',')) {
      const alias = part.trim().split(/\s+as\s+/)[1];
      if (alias) sources.set(alias, m[2] as string);
    }
  }
  return names.flatMap((name) => {
    const source = sources.get(name);
    if (!source) return [];
    if (source.startsWith('.')) {
      const file = path.resolve(path.dirname(barrelId), source);
      return barrel.importedIds.filter((id) => id === file);
    }
    return barrel.importedIds.filter((id) => id.includes(`/node_modules/${source}/`));
  });
}

/**
 * Every module `start` imports statically (dynamic imports are chunk boundaries). Through a barrel,
 * only the modules behind the names imported from it: tree-shaking drops the rest of the barrel.
 */
function staticClosure(ctx: ChunkingContext, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const next of info?.importedIds ?? []) {
      const barrel = BARRELS.find(([, pattern]) => pattern.test(next));
      if (barrel) stack.push(...barrelModules(ctx, next, namesImported(info?.code ?? '', barrel[0])));
      else stack.push(next);
    }
  }
  return seen;
}

/**
 * Fewer, larger chunks for the first screens (ADR 0130). Left to itself Rolldown gives every set of
 * importers its own chunk: a signed-in phone page fetched about 45 scripts, most under 1 kB, each
 * with about 0.8 kB of HTTP/1.1 headers and a place in the six-connection queue. The groups, by the
 * modules each first screen imports statically (`staticClosure`):
 * - `sign-in`: what the sign-in page, built apart (ADR 0125), shares with the app: React, React DOM,
 *   the form parts and texts, the bundler's runtime. Only this group and the sign-in entry's own
 *   chunk load on /auth, so the app's router and query client never reach it;
 * - `sign-in-parts`: the rest of what the sign-in page imports statically (its screen, the form
 *   parts and texts), in one file rather than ten of a few hundred bytes; the app's pages that use
 *   one of them (the in-app /auth route, forms with a password field) load it too;
 * - `app`: the rest of what the app's entry imports (the router, TanStack Query, the guards);
 * - `shell`: the signed-in shell, with what its pages share with it;
 * - `ui`: the generic components and libraries /holidays uses and /mobile-home does not.
 * Everything else (the other pages, the in-app /auth route, the lazy widgets, the later tabs) is
 * chunked by Rolldown as before. Every group is a set that its importers need entirely or nearly so;
 * a page outside the first screens that uses one module of a group loads the group.
 */
const CHUNK_GROUPS = ['sign-in', 'sign-in-parts', 'app', 'shell', 'ui'] as const;
const GENERIC_MODULE = /\/(?:node_modules|src\/components|src\/lib)\//;

interface FirstScreens {
  entry: Set<string>;
  signIn: Set<string>;
  shell: Set<string>;
  mobileHome: Set<string>;
  holidays: Set<string>;
}
/** Computed once per build (reset in `buildStart`), on the first module Rolldown asks about. */
let firstScreens: FirstScreens | null = null;

function chunkGroupOf(id: string, ctx: ChunkingContext): (typeof CHUNK_GROUPS)[number] | null {
  firstScreens ??= {
    entry: staticClosure(ctx, moduleId('src/main.tsx')),
    signIn: staticClosure(ctx, moduleId('src/auth-entry.tsx')),
    shell: staticClosure(ctx, moduleId('src/app/signed-in-shell.tsx')),
    mobileHome: staticClosure(ctx, moduleId('src/app/routes/mobile-home-page.tsx')),
    holidays: staticClosure(ctx, moduleId('src/app/routes/holidays-page.tsx')),
  };
  const { entry, signIn, shell, mobileHome, holidays } = firstScreens;
  // The two entries run when their chunk loads: each stays in its own chunk, which only its page
  // loads. (The sign-in page's rare forms import from `app`: were main.tsx in it, opening "Forgot
  // password?" on /auth would start the whole app.)
  if (id === moduleId('src/auth-entry.tsx') || id === moduleId('src/main.tsx')) return null;
  const inApp = entry.has(id) || shell.has(id) || mobileHome.has(id) || holidays.has(id);
  if (id.includes('rolldown/runtime') || (signIn.has(id) && inApp)) return 'sign-in';
  if (signIn.has(id)) return 'sign-in-parts';
  if (entry.has(id)) return 'app';
  if (shell.has(id)) return 'shell';
  if (holidays.has(id) && !mobileHome.has(id) && GENERIC_MODULE.test(id)) return 'ui';
  return null;
}

function chunkGroups(): Plugin {
  return {
    name: 'hr-chunk-groups',
    apply: 'build',
    buildStart() {
      firstScreens = null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    versionFile(),
    chunkGroups(),
    routePreloads(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'logo.svg'],
      manifest: {
        name: 'Northwind HR',
        short_name: 'HR',
        description: 'Employees, holidays, expenses and company administration.',
        theme_color: '#1e3a8a',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // The sign-in page's HTML is prerendered after this list is made (prerender-auth.mjs) and is
        // never answered by the worker: /auth always comes from the server (ADR 0125).
        globIgnores: ['**/node_modules/**/*', 'auth.html'],
        navigateFallback: '/index.html',
        // The API (including the e-mail verification link) must always reach the server. So must the
        // OAuth popups' landing page: the server sends it with its own opener policy (unsafe-none),
        // and the cached app shell's policy would cut the popup off from the window that opened it.
        // And /auth itself: a page load of it gets the sign-in page built apart (auth.html), not the app.
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\/callback(?:[/?#]|$)/, /^\/auth\/?(?:[?#]|$)/],
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Two pages: the app, and the sign-in page built apart from it (ADR 0125).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        auth: fileURLToPath(new URL('./auth.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // A higher priority takes a module first; each group also takes what its modules import.
          groups: CHUNK_GROUPS.map((group, index) => ({
            name: (id: string, ctx: ChunkingContext) => (chunkGroupOf(id, ctx) === group ? group : null),
            priority: CHUNK_GROUPS.length - index,
          })),
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
