/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
 * page also lists the signed-in shell.
 */
const PRELOADED_ROUTES: Record<string, string[]> = {
  '/auth': ['src/app/routes/auth-page.tsx'],
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
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      // The entry and what index.html already preloads.
      const initial = closure(entry.fileName);
      const preloads: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(PRELOADED_ROUTES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${module}`));
          if (!chunk) this.error(`route-preloads: no chunk for ${module}`);
          for (const file of closure(chunk.fileName)) if (!initial.has(file)) files.add(file);
        }
        preloads[route] = [...[...files].map((file) => `/${file}`), ...(PRELOADED_READS[route] ?? [])];
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    versionFile(),
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
        navigateFallback: '/index.html',
        // The API (including the e-mail verification link) must always reach the server. So must the
        // OAuth popups' landing page: the server sends it with its own opener policy (unsafe-none),
        // and the cached app shell's policy would cut the popup off from the window that opened it.
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\/callback(?:[/?#]|$)/],
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
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
