// The schema object handed to Drizzle. Only db/ and *.repository.ts import tables.
import * as auth from './schema/auth.ts';
import * as core from './schema/core.ts';
import * as email from './schema/email.ts';
import * as hr from './schema/hr.ts';
import * as integrations from './schema/integrations.ts';
import * as security from './schema/security.ts';
import * as workshop from './schema/workshop.ts';

export const schema = { ...auth, ...core, ...email, ...hr, ...integrations, ...security, ...workshop };
export type Schema = typeof schema;
