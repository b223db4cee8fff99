/**
 * Folders the server reads at run time, found from this module's own location. The module sits one
 * level under apps/server both as source (src/paths.ts) and compiled (dist/main.js, which bundles
 * it), so the same relative path holds for `npm run dev`, the tests and the production build.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The committed migrations (drizzle-kit's output). */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The built web app served as the SPA (WEB_DIST_DIR overrides it). */
export const defaultWebDist = path.join(serverRoot, '../web/dist');
