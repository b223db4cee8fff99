/**
 * Every module of zod contracts in packages/shared, so that the OpenAPI document can name a schema
 * after its export (`holidayRequestInputSchema` -> `HolidayRequestInput`). A test checks that every
 * `packages/shared/src/**\/*.schemas.ts` file is listed here.
 */
import * as authSchemas from '@hr/shared/auth/auth.schemas';
import * as recoverySchemas from '@hr/shared/auth/recovery.schemas';
import * as cloudStorageSchemas from '@hr/shared/cloud-storage/cloud-storage.schemas';
import * as companyDetailsSchemas from '@hr/shared/company/company-details.schemas';
import * as crossAppSchemas from '@hr/shared/cross-app/cross-app.schemas';
import * as errorSchemas from '@hr/shared/errors';
import * as employeesSchemas from '@hr/shared/hr/employees.schemas';
import * as holidaysSchemas from '@hr/shared/hr/holidays.schemas';
import * as hubspotSchemas from '@hr/shared/hubspot/hubspot.schemas';
import * as leaveSchemas from '@hr/shared/leave/leave.schemas';
import * as meSchemas from '@hr/shared/me/me.schemas';
import * as notificationsSchemas from '@hr/shared/notifications/notifications.schemas';
import * as profileSchemas from '@hr/shared/profile/profile.schemas';
import * as settingsSchemas from '@hr/shared/settings/settings.schemas';
import * as slackSchemas from '@hr/shared/slack/slack.schemas';
import * as workshopSchemas from '@hr/shared/workshop/workshop.schemas';
import { z } from 'zod';

/** Keyed by the module's path under packages/shared/src, without `.ts`. */
export const SHARED_SCHEMA_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'auth/auth.schemas': authSchemas,
  'auth/recovery.schemas': recoverySchemas,
  'cloud-storage/cloud-storage.schemas': cloudStorageSchemas,
  'company/company-details.schemas': companyDetailsSchemas,
  'cross-app/cross-app.schemas': crossAppSchemas,
  errors: errorSchemas,
  'hr/employees.schemas': employeesSchemas,
  'hr/holidays.schemas': holidaysSchemas,
  'hubspot/hubspot.schemas': hubspotSchemas,
  'leave/leave.schemas': leaveSchemas,
  'me/me.schemas': meSchemas,
  'notifications/notifications.schemas': notificationsSchemas,
  'profile/profile.schemas': profileSchemas,
  'settings/settings.schemas': settingsSchemas,
  'slack/slack.schemas': slackSchemas,
  'workshop/workshop.schemas': workshopSchemas,
};

export interface SharedSchemaName {
  /** The name the schema is exported under, e.g. `holidayRequestInputSchema`. */
  exportName: string;
  /** Its name in `components.schemas`, e.g. `HolidayRequestInput`. */
  componentName: string;
  module: string;
}

const componentNameOf = (exportName: string) => {
  const base = exportName.replace(/Schema$/, '');
  return base.charAt(0).toUpperCase() + base.slice(1);
};

let names: ReadonlyMap<z.ZodType, SharedSchemaName> | undefined;

/** Every exported zod schema of the shared contracts, by identity. Two exports with one name are refused. */
export function sharedSchemaNames(): ReadonlyMap<z.ZodType, SharedSchemaName> {
  if (names) return names;
  const found = new Map<z.ZodType, SharedSchemaName>();
  const taken = new Map<string, string>();
  for (const [module, exports] of Object.entries(SHARED_SCHEMA_MODULES)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || found.has(value)) continue;
      const componentName = componentNameOf(exportName);
      const other = taken.get(componentName);
      if (other)
        throw new Error(`Two shared schemas would be named ${componentName}: ${other} and ${module}`);
      taken.set(componentName, module);
      found.set(value, { exportName, componentName, module });
    }
  }
  names = found;
  return found;
}
