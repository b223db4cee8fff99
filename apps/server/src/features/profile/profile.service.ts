/**
 * The user's own profile. The line manager has one source of truth across profile and employee record:
 * saving it here writes both in one transaction (the employee form writes both the other way round).
 */

import { effectiveAccessLevel, hasAccessLevel } from '@hr/shared/permissions';
import {
  type LineManagerOptionsResponse,
  PROFILE_MESSAGES,
  type Profile,
  type updateProfileRequestSchema,
} from '@hr/shared/profile/profile.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import type { DetectedImage } from '../../integrations/storage/image-upload.ts';
import { COMPANY_ASSETS_BUCKET } from '../../integrations/storage/object-keys.ts';
import { deleteReplacedAsset } from '../../integrations/storage/replaced-asset.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import { movePendingRequestsToCurrentApprovers } from '../holidays/holidays.service.ts';
import {
  findEmployeeRecordIdOfUser,
  findProfile,
  isCompanyUser,
  listOtherCompanyUsers,
  mirrorLineManagerToEmployeeRecord,
  setAvatarUrl,
  updateOwnProfile,
} from './profile.repository.ts';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/**
 * A line manager is the approver of the user's holiday requests, so it is set only by someone who
 * administers employee records (ADR 0051): super_admin and developer with the employees section at
 * Admin or Full, the gate of editing an employee record. Everyone else sees theirs read-only.
 */
export function mayChangeLineManager(principal: Principal): boolean {
  if (principal.role !== 'super_admin' && principal.role !== 'developer') return false;
  const level = effectiveAccessLevel(principal.role, 'employees', principal.levels.employees);
  return hasAccessLevel(level, 'admin');
}

function toProfile(row: ProfileRow, principal: Principal): Profile {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    position: row.position,
    lineManagerId: row.lineManager,
    avatarUrl: row.avatarUrl,
    canChangeLineManager: mayChangeLineManager(principal),
  };
}

export async function getProfile(db: Db, principal: Principal): Promise<Profile> {
  const row = await withTenant(db, tenantOf(principal), (tx) => findProfile(tx, principal.user.id));
  if (!row) throw errors.notFound();
  return toProfile(row, principal);
}

export async function getLineManagerOptions(
  db: Db,
  principal: Principal,
): Promise<LineManagerOptionsResponse> {
  const users = await withTenant(db, tenantOf(principal), (tx) =>
    listOtherCompanyUsers(tx, principal.companyId, principal.user.id),
  );
  return { users };
}

/**
 * Saves name, position and line manager: a line manager different from the current one only from a
 * user who may change it (403 otherwise, nothing saved). A new line manager is written to the profile and
 * the linked employee record together, and the user's pending requests move to the new approver.
 */
export async function updateProfile(
  db: Db,
  principal: Principal,
  input: z.output<typeof updateProfileRequestSchema>,
  /** After the commit, for each pending request the new line manager took over (ADR 0100). */
  onPendingRequest?: (companyId: string, requestId: string) => void,
): Promise<Profile> {
  const me = principal.user.id;
  if (input.lineManagerId === me) {
    throw errors.validation(
      { lineManagerId: PROFILE_MESSAGES.selfLineManager },
      PROFILE_MESSAGES.selfLineManager,
    );
  }
  let moved: string[] = [];
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    const current = await findProfile(tx, me);
    if (!current) throw errors.notFound();
    const lineManager = input.lineManagerId;
    const changesManager = lineManager !== current.lineManager;
    if (changesManager && !mayChangeLineManager(principal)) {
      throw errors.forbidden(PROFILE_MESSAGES.lineManagerLocked);
    }
    if (changesManager && lineManager && !(await isCompanyUser(tx, principal.companyId, lineManager))) {
      throw errors.validation(
        { lineManagerId: PROFILE_MESSAGES.unknownLineManager },
        PROFILE_MESSAGES.unknownLineManager,
      );
    }
    const updated = await updateOwnProfile(tx, me, {
      fullName: input.fullName,
      position: input.position,
      lineManager,
    });
    if (changesManager) {
      await mirrorLineManagerToEmployeeRecord(tx, principal.companyId, me, lineManager);
      const recordId = await findEmployeeRecordIdOfUser(tx, principal.companyId, me);
      if (recordId) moved = await movePendingRequestsToCurrentApprovers(tx, principal.companyId, [recordId]);
    }
    return updated;
  });
  if (!row) throw errors.notFound();
  for (const requestId of moved) onPendingRequest?.(principal.companyId, requestId);
  return toProfile(row, principal);
}

/** Stores the avatar as {userId}/avatar-{timestamp}.{ext} in company-assets; the old one is deleted. */
export async function uploadAvatar(
  db: Db,
  storage: StoragePort,
  principal: Principal,
  file: { bytes: Uint8Array; image: DetectedImage },
  now = Date.now(),
): Promise<Profile> {
  const key = `${principal.user.id}/avatar-${now}.${file.image.extension}`;
  await storage.put({
    bucket: COMPANY_ASSETS_BUCKET,
    key,
    body: file.bytes,
    contentType: file.image.contentType,
  });
  return replaceAvatar(db, storage, principal, storage.publicUrl(COMPANY_ASSETS_BUCKET, key));
}

export async function removeAvatar(db: Db, storage: StoragePort, principal: Principal): Promise<Profile> {
  return replaceAvatar(db, storage, principal, null);
}

async function replaceAvatar(
  db: Db,
  storage: StoragePort,
  principal: Principal,
  avatarUrl: string | null,
): Promise<Profile> {
  const { previous, row } = await withTenant(db, tenantOf(principal), async (tx) => {
    // Locked, so that of parallel replacements each reads the avatar the one before it set (and
    // deletes that file): unlocked, they all read the same previous one and the files in between stayed.
    const current = await findProfile(tx, principal.user.id, true);
    const updated = await setAvatarUrl(tx, principal.user.id, avatarUrl);
    return { previous: current?.avatarUrl ?? null, row: updated };
  });
  if (!row) throw errors.notFound();
  // Only files inside the user's own folder are ever deleted.
  await deleteReplacedAsset(storage, principal.user.id, previous, avatarUrl);
  return toProfile(row, principal);
}
