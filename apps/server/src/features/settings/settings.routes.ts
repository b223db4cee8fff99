/**
 * /api/v1/settings: section permissions, users and company settings. Settings is open to developer and
 * super_admin (spec section 6), and each part also needs its own section level.
 */

import { RECOVERY_MESSAGES } from '@hr/shared/auth/recovery.schemas';
import {
  companySettingsRequestSchema,
  createUserRequestSchema,
  SETTINGS_MESSAGES,
  savePermissionsRequestSchema,
  updateRoleRequestSchema,
} from '@hr/shared/settings/settings.schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { parseJsonBody, parseWith } from '../../http/validate.ts';
import type { Auth } from '../auth/auth.ts';
import { clientIp } from '../auth/client-ip.ts';
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

const idParam = z.object({ id: z.uuid('Unknown record') });

export function settingsRoutes(deps: { db: Db; auth: Auth; trustProxy: boolean }) {
  const { db } = deps;
  const meta = (c: Parameters<typeof clientIp>[0]) => ({
    ipAddress: clientIp(c, deps.trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });
  const manageUsers = requireSection('user-management', 'full');
  const viewUsers = requireSection('user-management', 'view');
  // Sending the reset email (ADR 0054) removes and grants nothing: Admin is enough.
  const resetPasswords = requireSection('user-management', 'admin');

  return new Hono<AppEnv>()
    .use('*', requireRole('super_admin'), requireSection('settings', 'view'))
    .get('/permissions', viewUsers, async (c) => c.json(await getPermissions(db, c.get('principal'))))
    .put('/permissions', manageUsers, async (c) => {
      const { changes } = await parseJsonBody(c, savePermissionsRequestSchema);
      return c.json(await savePermissions(db, c.get('principal'), changes));
    })
    .get('/users', viewUsers, async (c) => c.json(await getUsers(db, c.get('principal'))))
    .post('/users', manageUsers, async (c) => {
      const input = await parseJsonBody(c, createUserRequestSchema);
      const user = await createUser(db, deps.auth, c.get('principal'), input);
      return c.json({ user, message: SETTINGS_MESSAGES.userCreated(user.fullName ?? user.email) }, 201);
    })
    .put('/users/:id/role', manageUsers, async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const { role } = await parseJsonBody(c, updateRoleRequestSchema);
      await changeRole(db, c.get('principal'), id, role, meta(c));
      return c.json({ message: SETTINGS_MESSAGES.roleUpdated, role });
    })
    .delete('/users/:id', manageUsers, async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const { email } = await removeUser(db, c.get('principal'), id, meta(c));
      return c.json({ message: SETTINGS_MESSAGES.userRemoved(email) });
    })
    .post('/users/:id/reset-password', resetPasswords, async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      const { email } = await sendUserPasswordReset(db, deps.auth, c.get('principal'), id, meta(c));
      return c.json({ message: RECOVERY_MESSAGES.adminResetSent(email) });
    })
    .get('/invitations', viewUsers, async (c) => c.json(await getInvitations(db, c.get('principal'))))
    .delete('/invitations/:id', manageUsers, async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      await cancelInvitation(db, c.get('principal'), id, meta(c));
      return c.json({ message: SETTINGS_MESSAGES.invitationCancelled });
    })
    .get('/company', requireSection('company-settings', 'view'), async (c) =>
      c.json(await getCompanySettings(db, c.get('principal'))),
    )
    .put('/company', requireSection('company-settings', 'admin'), async (c) => {
      const input = await parseJsonBody(c, companySettingsRequestSchema);
      return c.json(await saveCompanySettings(db, c.get('principal'), input));
    });
}
