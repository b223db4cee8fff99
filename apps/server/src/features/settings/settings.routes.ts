/**
 * /api/v1/settings: section permissions, users and company settings. Settings is open to developer and
 * super_admin (role gate of the Settings screen), and each part also needs its own section level.
 */

import { z } from '@hono/zod-openapi';
import { RECOVERY_MESSAGES } from '@hr/shared/auth/recovery.schemas';
import {
  INVITATION_MESSAGES,
  sendInvitationRequestSchema,
  sendInvitationResponseSchema,
} from '@hr/shared/invitations/invitations.schemas';
import {
  companySettingsRequestSchema,
  companySettingsSchema,
  createUserRequestSchema,
  createUserResponseSchema,
  invitationsResponseSchema,
  permissionsResponseSchema,
  SETTINGS_MESSAGES,
  savePermissionsRequestSchema,
  savePermissionsResponseSchema,
  updateRoleRequestSchema,
  updateRoleResponseSchema,
  usersResponseSchema,
} from '@hr/shared/settings/settings.schemas';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import {
  apiRouterRefusingBadParams,
  defineRoute,
  jsonBody,
  jsonResponse,
  messageResponse,
  uuidParam,
} from '../../http/api-route.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import type { Auth } from '../auth/auth.ts';
import { clientIp } from '../auth/client-ip.ts';
import { sendInvitation } from '../invitations/invitations.service.ts';
import {
  cancelInvitation,
  changeRole,
  createUser,
  getCompanySettings,
  getInvitations,
  getPermissions,
  getUsers,
  removeUser,
  saveCompanySettings,
  savePermissions,
  sendUserPasswordReset,
} from './settings.service.ts';

const recordParams = z.object({ id: uuidParam('Unknown record') });

export function settingsRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean }) {
  const { db } = deps;
  const meta = (c: Context<AppEnv>) => ({
    ipAddress: clientIp(c, deps.trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });
  const manageUsers = requireSection('user-management', 'full');
  const viewUsers = requireSection('user-management', 'view');
  // Sending the reset email (ADR 0054) removes and grants nothing: Admin is enough.
  const resetPasswords = requireSection('user-management', 'admin');

  return apiRouterRefusingBadParams(requireRole('super_admin'), requireSection('settings', 'view'))
    .openapi(
      defineRoute({
        method: 'get',
        path: '/permissions',
        summary: 'Section levels of every user',
        middleware: viewUsers,
        responses: { 200: jsonResponse(permissionsResponseSchema, 'The grid') },
      }),
      async (c) => c.json(await getPermissions(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'put',
          path: '/permissions',
          summary: 'Save section levels',
          middleware: manageUsers,
          request: { body: jsonBody(savePermissionsRequestSchema) },
          responses: { 200: jsonResponse(savePermissionsResponseSchema, 'Saved') },
        },
        { errors: [409] },
      ),
      async (c) => c.json(await savePermissions(db, c.get('principal'), c.req.valid('json').changes), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/users',
        summary: 'Users of the company',
        middleware: viewUsers,
        responses: { 200: jsonResponse(usersResponseSchema, 'The users') },
      }),
      async (c) => c.json(await getUsers(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/users',
          summary: 'Create a user',
          middleware: manageUsers,
          request: { body: jsonBody(createUserRequestSchema) },
          responses: { 201: jsonResponse(createUserResponseSchema, 'The new user') },
        },
        { errors: [409] },
      ),
      async (c) => {
        const user = await createUser(db, deps.auth, c.get('principal'), c.req.valid('json'));
        return c.json({ user, message: SETTINGS_MESSAGES.userCreated(user.fullName ?? user.email) }, 201);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'put',
          path: '/users/{id}/role',
          summary: "Change a user's role",
          middleware: manageUsers,
          request: { params: recordParams, body: jsonBody(updateRoleRequestSchema) },
          responses: { 200: jsonResponse(updateRoleResponseSchema, 'Changed') },
        },
        { errors: [409] },
      ),
      async (c) => {
        const { role } = c.req.valid('json');
        await changeRole(db, c.get('principal'), c.req.valid('param').id, role, meta(c));
        return c.json({ message: SETTINGS_MESSAGES.roleUpdated, role }, 200);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'delete',
          path: '/users/{id}',
          summary: 'Remove a user',
          middleware: manageUsers,
          request: { params: recordParams },
          responses: { 200: messageResponse('Removed') },
        },
        { errors: [409] },
      ),
      async (c) => {
        const { email } = await removeUser(db, c.get('principal'), c.req.valid('param').id, meta(c));
        return c.json({ message: SETTINGS_MESSAGES.userRemoved(email) }, 200);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/users/{id}/reset-password',
          summary: 'Send a user the password reset e-mail',
          middleware: resetPasswords,
          request: { params: recordParams },
          responses: { 200: messageResponse('Sent') },
        },
        { errors: [429] },
      ),
      async (c) => {
        const id = c.req.valid('param').id;
        const { email } = await sendUserPasswordReset(db, deps.auth, c.get('principal'), id, meta(c));
        return c.json({ message: RECOVERY_MESSAGES.adminResetSent(email) }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/invitations',
        summary: 'Open invitations',
        middleware: viewUsers,
        responses: { 200: jsonResponse(invitationsResponseSchema, 'The invitations') },
      }),
      async (c) => c.json(await getInvitations(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/invitations',
          summary: 'Email an invitation to sign in (single-use link, 7 days)',
          middleware: manageUsers,
          request: { body: jsonBody(sendInvitationRequestSchema) },
          responses: { 201: jsonResponse(sendInvitationResponseSchema, 'Sent') },
        },
        { errors: [409] },
      ),
      async (c) => {
        const invitation = await sendInvitation({ db }, c.get('principal'), c.req.valid('json'));
        return c.json({ invitation, message: INVITATION_MESSAGES.sent(invitation.email) }, 201);
      },
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/invitations/{id}',
        summary: 'Cancel an invitation',
        middleware: manageUsers,
        request: { params: recordParams },
        responses: { 200: messageResponse('Cancelled') },
      }),
      async (c) => {
        await cancelInvitation(db, c.get('principal'), c.req.valid('param').id, meta(c));
        return c.json({ message: SETTINGS_MESSAGES.invitationCancelled }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/company',
        summary: 'Company settings',
        middleware: requireSection('company-settings', 'view'),
        responses: { 200: jsonResponse(companySettingsSchema, 'The settings') },
      }),
      async (c) => c.json(await getCompanySettings(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/company',
        summary: 'Save company settings (the body may be what GET answered, with fields changed)',
        description: 'The end months are derived from the start months; end months sent are ignored.',
        middleware: requireSection('company-settings', 'admin'),
        request: { body: jsonBody(companySettingsRequestSchema) },
        responses: { 200: jsonResponse(companySettingsSchema, 'The saved settings') },
      }),
      async (c) => c.json(await saveCompanySettings(db, c.get('principal'), c.req.valid('json')), 200),
    );
}
