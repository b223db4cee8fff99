/** Build-time settings of the browser app, read in one place. */
export const appConfig = {
  /** Target of the sidebar's external "Home" link (the provider's main website). */
  mainWebsiteUrl: import.meta.env.VITE_MAIN_WEBSITE_URL ?? 'https://example.com',
  /** How often a waiting service-worker update is looked for (spec: every 30 minutes). */
  updateCheckIntervalMs: 1_800_000,
} as const;
