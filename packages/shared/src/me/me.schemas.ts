/** `GET /api/v1/me`: everything the app shell needs about the signed-in user, in one call. */
import { z } from 'zod';
import { ACCESS_LEVELS, SECTIONS } from '../permissions.ts';
import { ROLES } from '../roles.ts';

export const meResponseSchema = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), emailVerified: z.boolean() }),
  profile: z.object({
    id: z.uuid(),
    fullName: z.string().nullable(),
    email: z.string(),
    position: z.string().nullable(),
    lineManagerId: z.uuid().nullable(),
    avatarUrl: z.string().nullable(),
    firstLoginCompleted: z.boolean(),
    isLineManager: z.boolean(),
    phone: z.string().nullable(),
  }),
  role: z.enum(ROLES).nullable(),
  company: z
    .object({
      id: z.uuid(),
      name: z.string(),
      legalName: z.string().nullable(),
      tradingName: z.string().nullable(),
      displayName: z.string(),
      /** The company logo (Company details), shown in the header; null when none is uploaded. */
      logoUrl: z.string().nullable(),
    })
    .nullable(),
  lineManager: z
    .object({ id: z.uuid(), fullName: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  permissions: z.record(z.enum(SECTIONS), z.enum(ACCESS_LEVELS)),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
