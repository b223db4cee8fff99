/** Cross-app navigation to the sister CRM and HR apps with a one-time code (ADR 0032). */
import { z } from 'zod';
import { CROSS_APP_TARGETS } from './cross-app-constants.ts';

/** A page of this app: a path from its root, never another origin (`//host`, `/\\host`, `https:`). */
export const ownPathSchema = z
  .string()
  .max(500)
  .refine((p) => /^\/(?![/\\])/.test(p), 'Path must be a page of this app');

export const breadcrumbSchema = z
  .array(z.strictObject({ title: z.string().max(100), path: ownPathSchema }))
  .max(10);

export const createCrossAppLinkSchema = z.strictObject({
  target: z.enum(CROSS_APP_TARGETS),
  returnUrl: z.string().max(2000),
  breadcrumb: breadcrumbSchema.default([]),
});

export const exchangeCrossAppCodeSchema = z.strictObject({ code: z.string().min(1).max(200) });

/** A configured sister app; `origin` is what a return link's Go Back may lead to (cross-app-return.ts). */
export const crossAppTargetInfoSchema = z.object({
  target: z.enum(CROSS_APP_TARGETS),
  label: z.string(),
  origin: z.string(),
});
export type CrossAppTargetInfo = z.infer<typeof crossAppTargetInfoSchema>;

/** GET /api/v1/cross-app/targets: the sister apps this server is configured for. */
export const crossAppTargetsResponseSchema = z.object({ targets: z.array(crossAppTargetInfoSchema) });

/** What a sister app's server gets for a one-time code (`POST /api/v1/cross-app/exchange`). */
export const crossAppContextSchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  email: z.string(),
  source: z.string(),
  returnUrl: z.string(),
  breadcrumb: z.array(z.object({ title: z.string(), path: z.string() })),
});
export type CrossAppContext = z.infer<typeof crossAppContextSchema>;

/** A link to a sister app carrying a one-time code, and when the code expires. */
export const crossAppLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** What a sister app puts in `?crossApp=` when it sends the user back: no secrets, the session is ours. */
export const returnContextSchema = z.object({
  source: z.string().min(1).max(50),
  returnUrl: z.string().max(2000).optional(),
});
export type ReturnContext = z.infer<typeof returnContextSchema>;
