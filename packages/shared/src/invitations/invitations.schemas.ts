/** Contracts of emailed invitations (ADR 0101): sending one, reading and accepting its link. */
import { z } from 'zod';
import { emailSchema, signUpPasswordSchema } from '../auth/auth.schemas.ts';
import { ASSIGNABLE_ROLES } from '../roles.ts';

/** The SPA page an invitation link opens. */
export const ACCEPT_INVITATION_PATH = '/auth/accept-invitation';

export const INVITATION_MESSAGES = {
  sendInvitation: 'Send invitation',
  sendFailed: 'Failed to send invitation',
  sent: (email: string) => `Invitation sent to ${email}`,
  email: 'Please enter an email address',
  userExists: 'A user with this email address already exists',
  alreadyInvited: 'An invitation to this email address is already pending',
  employeeUnknown: 'Unknown employee record',
  employeeLinked: 'This employee record is already linked to a user',
  employeeEmailMismatch: 'The invitation must go to the employee record’s email address',
  linkUnknown:
    'This invitation link is not valid: it may have been cancelled. Ask your administrator for a new invitation.',
  linkExpired: 'This invitation has expired. Ask your administrator to send a new one.',
  linkUsed: 'This invitation has already been used. Sign in with your email and password.',
  fullName: 'Please enter your full name',
  accepted: 'Welcome! Your password is set and you are signed in.',
  inviteCheckbox: 'Send an invitation to sign in',
} as const;

export const INVITATION_ERROR_CODES = {
  INVITATION_UNKNOWN: 'INVITATION_UNKNOWN',
  INVITATION_EXPIRED: 'INVITATION_EXPIRED',
  INVITATION_USED: 'INVITATION_USED',
} as const;

export const sendInvitationRequestSchema = z.strictObject({
  email: z
    .string({ error: INVITATION_MESSAGES.email })
    .trim()
    .min(1, INVITATION_MESSAGES.email)
    .pipe(emailSchema),
  role: z.enum(ASSIGNABLE_ROLES).default('operative'),
  employeeRecordId: z.uuid(INVITATION_MESSAGES.employeeUnknown).nullable().optional(),
});
export type SendInvitationRequest = z.input<typeof sendInvitationRequestSchema>;

export const sendInvitationResponseSchema = z.object({
  message: z.string(),
  invitation: z.object({ id: z.uuid(), email: z.string(), expiresAt: z.string() }),
});

const tokenSchema = z
  .string({ error: INVITATION_MESSAGES.linkUnknown })
  .min(1, INVITATION_MESSAGES.linkUnknown)
  .max(256, INVITATION_MESSAGES.linkUnknown);

export const invitationLookupRequestSchema = z.strictObject({ token: tokenSchema });

export const invitationLookupResponseSchema = z.object({
  email: z.string(),
  companyName: z.string(),
  fullName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationLookup = z.infer<typeof invitationLookupResponseSchema>;

export const acceptInvitationRequestSchema = z.strictObject({
  token: tokenSchema,
  fullName: z
    .string({ error: INVITATION_MESSAGES.fullName })
    .trim()
    .min(1, INVITATION_MESSAGES.fullName)
    .max(120),
  password: signUpPasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const acceptInvitationResponseSchema = z.object({ message: z.string(), email: z.string() });
