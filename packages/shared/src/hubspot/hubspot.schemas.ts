/** HubSpot: only whether the server has a private-app token; the token itself never leaves it. */
import { z } from 'zod';

/** GET /api/v1/hubspot/status. */
export const hubspotStatusResponseSchema = z.object({ configured: z.boolean() });
export type HubspotStatusResponse = z.infer<typeof hubspotStatusResponseSchema>;
