/**
 * The user's own profile. The line manager has one source of truth across profile and employee record:
 * saving it here writes both in one transaction (the employee form writes both the other way round).
 */
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
import { COMPANY_ASSETS_BUCKET, keyFromPublicUrl } from '../../integrations/storage/object-keys.ts';
import { STORAGE_PUBLIC_PATH } from '../../integrations/storage/storage-factory.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import {
  findProfile,
  isCompanyUser,
  listOtherCompanyUsers,
  mirrorLineManagerToEmployeeRecord,
  setAvatarUrl,
  updateOwnProfile,
} from './profile.repository.ts';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    position: row.position,
    lineManagerId: row.lineManager,
    avatarUrl: row.avatarUrl,
  };
}

export async function getProfile(db: Db, principal: Principal): Promise<Profile> {
  const row = await withTenant(db, tenantOf(principal), (tx) => findProfile(tx, principal.user.id));
  if (!row) throw errors.notFound();
  return toProfile(row);
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

export async function updateProfile(
  db: Db,
  principal: Principal,
  input: z.output<typeof updateProfileRequestSchema>,
): Promise<Profile> {
  const me = principal.user.id;
  if (input.lineManagerId === me) {
    throw errors.validation(
      { lineManagerId: PROFILE_MESSAGES.selfLineManager },
      PROFILE_MESSAGES.selfLineManager,
    );
  }
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    if (input.lineManagerId && !(await isCompanyUser(tx, principal.companyId, input.lineManagerId))) {
      throw errors.validation(
        { lineManagerId: PROFILE_MESSAGES.unknownLineManager },
        PROFILE_MESSAGES.unknownLineManager,
      );
    }
    const updated = await updateOwnProfile(tx, me, {
      fullName: input.fullName,
      position: input.position,
      lineManager: input.lineManagerId,
    });
    await mirrorLineManagerToEmployeeRecord(tx, principal.companyId, me, input.lineManagerId);
    return updated;
  });
  if (!row) throw errors.notFound();
  return toProfile(row);
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
    const current = await findProfile(tx, principal.user.id);
    const updated = await setAvatarUrl(tx, principal.user.id, avatarUrl);
    return { previous: current?.avatarUrl ?? null, row: updated };
  });
  if (!row) throw errors.notFound();
  const oldKey = keyFromPublicUrl(previous, STORAGE_PUBLIC_PATH, COMPANY_ASSETS_BUCKET);
  // Only files inside the user's own folder are ever deleted.
  if (oldKey?.startsWith(`${principal.user.id}/`) && previous !== avatarUrl) {
    await storage.delete(COMPANY_ASSETS_BUCKET, oldKey);
  }
  return toProfile(row);
}
