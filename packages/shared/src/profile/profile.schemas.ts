/** Contracts of the User profile screen: its fields, their validation and its messages. */
import { z } from 'zod';

export const PROFILE_MESSAGES = {
  notSignedIn: 'You must be logged in to view your profile.',
  loadFailed: 'Failed to load profile',
  usersLoadFailed: 'Failed to load company users',
  avatarUploaded: 'Avatar uploaded successfully',
  avatarUploadFailed: 'Failed to upload avatar',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  emailReadOnly: 'Email cannot be changed',
  selfLineManager: 'You cannot be your own line manager.',
  unknownLineManager: 'The line manager must be a user of your company.',
  lineManagerLocked: 'Your line manager is set by an administrator of employee records.',
} as const;

/** Trimmed; empty becomes null. */
const nullableText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => {
      const trimmed = v?.trim();
      return trimmed ? trimmed : null;
    });

export const updateProfileRequestSchema = z.strictObject({
  fullName: nullableText(120),
  position: nullableText(120),
  /**
   * null (or an empty string from a "No line manager" option) means none. Only a user who may change
   * it (`canChangeLineManager`) may send a different one than they have (ADR 0051); others send theirs.
   */
  lineManagerId: z
    .union([z.uuid('Choose a line manager from the list'), z.literal(''), z.null()])
    .transform((v) => (v ? v : null)),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  position: z.string().nullable(),
  lineManagerId: z.uuid().nullable(),
  avatarUrl: z.string().nullable(),
  /**
   * Whether this user may change their own line manager here: super_admin and developer with the
   * employees section at Admin or Full (ADR 0051). Others see it read-only.
   */
  canChangeLineManager: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const lineManagerOptionsResponseSchema = z.object({
  users: z.array(z.object({ id: z.uuid(), fullName: z.string().nullable(), email: z.string() })),
});
export type LineManagerOptionsResponse = z.infer<typeof lineManagerOptionsResponseSchema>;
