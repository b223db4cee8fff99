/** The release version: the root package.json's `version` (see CHANGELOG.md), shown by GET /api/health. */
import rootPackage from '../../../package.json' with { type: 'json' };

export const APP_VERSION: string = rootPackage.version;
