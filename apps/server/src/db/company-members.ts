/**
 * Who counts as a company's people. A developer is platform staff (ADR 0047): after a company switch
 * their profile sits in that company, but they are not one of its users, so every people list and
 * picker (Settings > User Management and permissions, the employee's user and line-manager pickers,
 * the profile's line-manager options) leaves them out, and none of them can be chosen.
 */
import { sql } from 'drizzle-orm';
import { profiles, userRoles } from './schema/core.ts';

/** A `where` condition on `profiles`: the profile is not a developer's. */
export const notPlatformStaff = () =>
  sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'developer')`;
