/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** The build's version, set by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_MAIN_WEBSITE_URL?: string;
}
