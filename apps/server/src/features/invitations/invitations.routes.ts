/**
 * /api/invitations: the public side of an emailed invitation (ADR 0101), without a session. The
 * token travels in the JSON body, never in a URL the server logs.
 */
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  INVITATION_MESSAGES,
  invitationLookupRequestSchema,
  invitationLookupResponseSchema,
} from '@hr/shared/invitations/invitations.schemas';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse } from '../../http/api-route.ts';
import type { Auth } from '../auth/auth.ts';
import { clientIp } from '../auth/client-ip.ts';
import { sessionCookiesFor } from '../auth/sign-in.service.ts';
import { acceptInvitation, lookupInvitation } from './invitations.service.ts';

export function invitationPublicRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean }) {
  const { db, auth } = deps;
  return apiRouter()
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/lookup',
          summary: 'What an invitation link is for (its address, company and name)',
          description:
            '404 INVITATION_UNKNOWN (never sent, or cancelled), 409 INVITATION_USED or INVITATION_EXPIRED.',
          security: [],
          request: { body: jsonBody(invitationLookupRequestSchema) },
          responses: { 200: jsonResponse(invitationLookupResponseSchema, 'The invitation') },
        },
        { errors: [404, 409] },
      ),
      async (c) => c.json(await lookupInvitation(db, c.req.valid('json').token), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/accept',
          summary: 'Accept an invitation: choose a password and sign in',
          description:
            'Creates the login, links the employee record, uses up the link and sets the session cookie. Rate limited per IP.',
          security: [],
          request: { body: jsonBody(acceptInvitationRequestSchema) },
          responses: { 200: jsonResponse(acceptInvitationResponseSchema, 'Accepted and signed in') },
        },
        { errors: [404, 409, 429] },
      ),
      async (c) => {
        const input = c.req.valid('json');
        const ip = clientIp(c, deps.trustProxy);
        const { email } = await acceptInvitation({ db, auth }, input, ip);
        const cookies = await sessionCookiesFor(auth, c.req.raw, { email, password: input.password }, ip);
        for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
        return c.json({ message: INVITATION_MESSAGES.accepted, email }, 200);
      },
    );
}
