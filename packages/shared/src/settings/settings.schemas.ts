/** Contracts of Settings: section permissions, user management and company settings. */
import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { CLOUD_FOLDER_STRUCTURES, PRIMARY_CLOUD_PROVIDERS, WEEKDAYS } from '../company/company-settings.ts';
import { regionKeySchema } from '../leave/calendar-days.schemas.ts';
import { ACCESS_LEVELS, SECTIONS } from '../permissions.ts';
import { ASSIGNABLE_ROLES, ROLES } from '../roles.ts';

/** Error codes Settings answers with besides the shared ones; the browser maps them to the spec's toasts. */
export const SETTINGS_ERROR_CODES = {
  COMPANY_NOT_IDENTIFIED: 'COMPANY_NOT_IDENTIFIED',
  LAST_SUPER_ADMIN: 'LAST_SUPER_ADMIN',
  LAST_FULL_SUPER_ADMIN: 'LAST_FULL_SUPER_ADMIN',
} as const;

export const SETTINGS_MESSAGES = {
  someDataFailed: 'Some settings data failed to load, but you can still access Company Settings',
  permissionsSaved: 'Permissions updated successfully',
  permissionsFailed: 'Failed to save permissions',
  userExists: 'A user with this email address already exists',
  createUserFailed: 'Failed to create user',
  userCreated: (name: string) =>
    `User ${name} created successfully. Login credentials can be provided manually.`,
  removeUserFailed: 'Failed to remove user',
  userRemoved: (email: string) => `User ${email} removed successfully`,
  cancelInvitationFailed: 'Failed to cancel invitation',
  invitationCancelled: 'Invitation cancelled',
  invitationAccepted: 'This invitation has already been accepted: remove the user from Users instead.',
  roleUpdateFailed: 'Failed to update user role',
  roleUpdated: 'User role updated successfully',
  savingSettings: 'Saving company settings...',
  settingsSaved: 'Company settings updated successfully!',
  settingsSavedDescription: 'All changes have been saved to the database.',
  fixValidation: 'Please fix form validation errors before saving',
  permissionDenied: 'Permission denied',
  permissionDeniedDescription: 'You do not have permission to update company settings.',
  networkError: 'Network error',
  networkErrorDescription: 'Please check your internet connection and try again.',
  companyIdError: 'Company identification error',
  companyIdErrorDescription: 'There was an issue identifying your company. Please refresh the page.',
  settingsFailed: 'Failed to update company settings',
  settingsFailedFallback: 'Please try again or contact support if the problem persists.',
  lastSuperAdmin: 'A company needs at least one Super Admin.',
  lastFullSuperAdmin:
    'This change would leave the company without a Super Admin with Full access to Settings and User Management.',
  cannotRemoveSelf: 'You cannot remove your own account.',
  unknownUser: 'This user is not in your company.',
  roleNotAssignable: "This user's role cannot be changed here.",
} as const;

// ---------- permissions ----------

/**
 * One user's row of the grid. `effective` is the level each section really gives them (the role's
 * gate first, then the stored level: `effectiveAccessLevel`), `roleBlocked` the sections their role
 * keeps them out of whatever is stored, and `editable` false when no stored level changes anything
 * (a developer, or a user without a role).
 */
export const permissionsUserSchema = z.object({
  id: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  editable: z.boolean(),
  effective: z.record(z.string(), z.enum(ACCESS_LEVELS)),
  roleBlocked: z.array(z.string()),
});
export type PermissionsUser = z.infer<typeof permissionsUserSchema>;

export const permissionsResponseSchema = z.object({
  users: z.array(permissionsUserSchema),
  sections: z.array(z.object({ id: z.string(), displayName: z.string() })),
  permissions: z.array(
    z.object({ userId: z.uuid(), sectionId: z.string(), accessLevel: z.enum(ACCESS_LEVELS) }),
  ),
});
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;

export const permissionChangeSchema = z.strictObject({
  userId: z.uuid('Unknown user'),
  sectionId: z.enum(SECTIONS, 'Unknown section'),
  accessLevel: z.enum(ACCESS_LEVELS, 'Unknown access level'),
});
export type PermissionChange = z.infer<typeof permissionChangeSchema>;

export const savePermissionsRequestSchema = z.strictObject({
  changes: z.array(permissionChangeSchema).min(1, 'No changes to save').max(1000),
});
export type SavePermissionsRequest = z.infer<typeof savePermissionsRequestSchema>;
/** How many cells were saved (a cell changed twice in one batch counts once). */
export const savePermissionsResponseSchema = z.object({ saved: z.number().int() });

/** The key a pending edit is held under in the browser: one per user and section. */
export function permissionKey(userId: string, sectionId: string): string {
  return `${userId}:${sectionId}`;
}

// ---------- users ----------

export const CREATE_USER_MESSAGES = {
  fullName: 'Please enter a full name',
  email: 'Please enter an email address',
  password: 'Please enter a password with at least 6 characters',
} as const;

export const createUserRequestSchema = z.strictObject({
  fullName: z
    .string({ error: CREATE_USER_MESSAGES.fullName })
    .trim()
    .min(1, CREATE_USER_MESSAGES.fullName)
    .max(120),
  email: z
    .string({ error: CREATE_USER_MESSAGES.email })
    .trim()
    .min(1, CREATE_USER_MESSAGES.email)
    .pipe(emailSchema),
  password: z
    .string({ error: CREATE_USER_MESSAGES.password })
    .min(6, CREATE_USER_MESSAGES.password)
    .max(128, 'Password must be at most 128 characters long'),
  role: z.enum(ASSIGNABLE_ROLES).default('operative'),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

export const updateRoleRequestSchema = z.strictObject({ role: z.enum(ASSIGNABLE_ROLES) });
export type UpdateRoleRequest = z.infer<typeof updateRoleRequestSchema>;

export const companyUserSchema = z.object({
  id: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  createdAt: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createUserResponseSchema = z.object({ user: companyUserSchema, message: z.string() });
export const updateRoleResponseSchema = z.object({ message: z.string(), role: z.enum(ASSIGNABLE_ROLES) });

export const usersResponseSchema = z.object({ users: z.array(companyUserSchema) });
export type UsersResponse = z.infer<typeof usersResponseSchema>;
export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>;

/** How long a created user's invitation stays listed as pending. */
export const INVITATION_DAYS = 7;

// ---------- company settings ----------

export const COMPANY_SETTINGS_MESSAGES = {
  hoursMin: 'Must be at least 0.5 hours',
  hoursMax: 'Cannot exceed 24 hours per day',
  hoursStep: 'Must be in steps of 0.5 hours',
  daysMin: 'Cannot be negative',
  daysMax: 'Cannot exceed 365 days',
  month: 'Invalid month',
  workingDays: 'At least one working day must be selected',
} as const;

const month = z
  .number({ error: COMPANY_SETTINGS_MESSAGES.month })
  .int(COMPANY_SETTINGS_MESSAGES.month)
  .min(1, COMPANY_SETTINGS_MESSAGES.month)
  .max(12, COMPANY_SETTINGS_MESSAGES.month);

/**
 * What the form sends. The end months may be sent back as GET gave them (a get-modify-put round
 * trip) but are ignored: each year ends in the month before its start month.
 */
export const companySettingsRequestSchema = z.strictObject({
  fullTimeHoursPerDay: z
    .number({ error: COMPANY_SETTINGS_MESSAGES.hoursMin })
    .min(0.5, COMPANY_SETTINGS_MESSAGES.hoursMin)
    .max(24, COMPANY_SETTINGS_MESSAGES.hoursMax)
    .multipleOf(0.5, COMPANY_SETTINGS_MESSAGES.hoursStep),
  annualHolidayDaysEntitlement: z
    .number({ error: COMPANY_SETTINGS_MESSAGES.daysMin })
    .min(0, COMPANY_SETTINGS_MESSAGES.daysMin)
    .max(365, COMPANY_SETTINGS_MESSAGES.daysMax),
  holidayYearStartMonth: month,
  financialYearStartMonth: month,
  workingDaysPattern: z
    .array(z.enum(WEEKDAYS), { error: COMPANY_SETTINGS_MESSAGES.workingDays })
    .min(1, COMPANY_SETTINGS_MESSAGES.workingDays)
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Each day may be listed once'),
  roundRspToWholeNumbers: z.boolean(),
  cloudStorageEnabled: z.boolean(),
  primaryCloudProvider: z.enum(PRIMARY_CLOUD_PROVIDERS),
  cloudStorageFolderStructure: z.enum(CLOUD_FOLDER_STRUCTURES),
  holidayYearEndMonth: month.optional(),
  financialYearEndMonth: month.optional(),
  /** The public holidays of employees without a region of their own; absent: unchanged (ADR 0085). */
  defaultRegion: regionKeySchema.optional(),
});
export type CompanySettingsRequest = z.infer<typeof companySettingsRequestSchema>;

export const companySettingsSchema = companySettingsRequestSchema.extend({
  defaultRegion: z.string(),
  holidayYearEndMonth: month,
  financialYearEndMonth: month,
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** A year that starts in `startMonth` ends in the month before it (January gives December). */
export function yearEndMonth(startMonth: number): number {
  return startMonth === 1 ? 12 : startMonth - 1;
}

/** Weekdays in calendar order, whatever order they were picked in. */
export function orderedWeekdays(days: readonly (typeof WEEKDAYS)[number][]): (typeof WEEKDAYS)[number][] {
  return WEEKDAYS.filter((d) => days.includes(d));
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

// ---------- security events ----------

/** What each security event is called in the Security events card. */
export const SECURITY_EVENT_LABELS = {
  signup_attempt: 'Sign-up attempt',
  failed_signup: 'Failed sign-up',
  successful_login: 'Signed in',
  failed_login: 'Failed sign-in',
  password_changed: 'Password changed',
  role_changed: 'Role changed',
  user_removed: 'User removed',
  company_switched: 'Developer switched into this company',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  verification_resent: 'Verification email resent',
} as const;
export type SecurityEventKind = keyof typeof SECURITY_EVENT_LABELS;

/** One of the company's security events, newest first; `detail` is e.g. "Operative -> Admin". */
export const securityEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(Object.keys(SECURITY_EVENT_LABELS) as [SecurityEventKind, ...SecurityEventKind[]]),
  email: z.string().nullable(),
  ipAddress: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const SECURITY_EVENTS_LIMIT = 100;
export const securityEventsResponseSchema = z.object({ events: z.array(securityEventSchema) });
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;
