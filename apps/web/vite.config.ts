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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    versionFile(),
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
