/** Contracts of the audit trail (ADR 0102): what is recorded, how it is filtered and paged. */
import { z } from 'zod';
import { isValidIsoDate } from '../dates.ts';
import { wholeNumberParam } from '../query-numbers.ts';

/** Every kind of change the audit trail records. */
export const AUDIT_KINDS = [
  'leave.booked',
  'leave.sickness_recorded',
  'leave.decided',
  'leave.cancelled',
  'ledger.adjusted',
  'employee.created',
  'employee.updated',
  'employee.end_date_set',
  'employee.deleted',
  'employees.imported',
  'user.created',
  'user.removed',
  'role.changed',
  'permissions.changed',
  'settings.changed',
  'invitation.sent',
  'invitation.cancelled',
  'invitation.accepted',
  'company.switched',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How each kind reads in the Audit trail tab and the CSV. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'leave.booked': 'Leave booked',
  'leave.sickness_recorded': 'Sickness recorded',
  'leave.decided': 'Leave decided',
  'leave.cancelled': 'Leave cancelled',
  'ledger.adjusted': 'Ledger adjusted',
  'employee.created': 'Employee created',
  'employee.updated': 'Employee changed',
  'employee.end_date_set': 'Employee end date',
  'employee.deleted': 'Employee deleted',
  'employees.imported': 'Employees imported',
  'user.created': 'User created',
  'user.removed': 'User removed',
  'role.changed': 'Role changed',
  'permissions.changed': 'Permissions changed',
  'settings.changed': 'Settings changed',
  'invitation.sent': 'Invitation sent',
  'invitation.cancelled': 'Invitation cancelled',
  'invitation.accepted': 'Invitation accepted',
  'company.switched': 'Company switched',
};

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds; a narrower filter gets the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const AUDIT_MESSAGES = {
  loadFailed: 'Failed to load the audit trail',
  badRange: 'The start date must be on or before the end date',
  badDate: 'Use a date as YYYY-MM-DD',
} as const;

// A real calendar day within MIN_YEAR..MAX_YEAR: year 0000 or 2026-02-30 is a 400, never a query.
const dateParam = z.string().refine(isValidIsoDate, AUDIT_MESSAGES.badDate);

export const auditFilterSchema = z
  .object({
    userId: z.uuid('Unknown person').optional(),
    kind: z.enum(AUDIT_KINDS).optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: AUDIT_MESSAGES.badRange, path: ['to'] });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = z
  .object({
    userId: z.uuid('Unknown person').optional(),
    kind: z.enum(AUDIT_KINDS).optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
    page: wholeNumberParam('Page', 1, 100_000).default(1),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: AUDIT_MESSAGES.badRange, path: ['to'] });

export const auditEventSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  kind: z.enum(AUDIT_KINDS),
  actorUserId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ipAddress: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The people who appear in the trail, for the person filter. */
  people: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
