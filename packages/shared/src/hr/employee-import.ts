/**
 * Importing employees from a CSV file (issue 19, ADR 0097): the columns, how a header is recognised,
 * how each cell is read (dates, days, weekdays, yes/no), the messages and the preview contract. The
 * server parses the file and checks every row with these; the browser only shows the preview.
 */
import { z } from 'zod';
import { WEEKDAYS, type Weekday } from '../company/company-settings.ts';
import { isValidIsoDate } from '../dates.ts';
import { EMPLOYEE_MESSAGES } from './employees.schemas.ts';

/** The columns, in the template's order; the first five are required. */
export const IMPORT_COLUMNS = [
  'employeeNumber',
  'fullName',
  'email',
  'position',
  'department',
  'startDate',
  'lineManager',
  'region',
  'workingPattern',
  'entitlement',
  'openingBalance',
  'invite',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'employeeNumber',
  'fullName',
  'email',
  'position',
  'department',
];

/** The header each column is written with in the template (and named by in messages). */
export const IMPORT_COLUMN_HEADERS: Record<ImportColumn, string> = {
  employeeNumber: 'employee number',
  fullName: 'full name',
  email: 'email',
  position: 'position',
  department: 'department',
  startDate: 'start date',
  lineManager: 'line manager',
  region: 'region',
  workingPattern: 'working pattern',
  entitlement: 'entitlement',
  openingBalance: 'opening balance',
  invite: 'invite',
};

/** Caps: the file's bytes (the request is refused while it streams in) and its data rows. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file to import',
  tooLarge: 'The file is too large: at most 2 MB',
  tooManyRows: `The file has too many rows: at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} employees at a time`,
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again',
  empty: 'The file has no employees',
  unreadable: 'The file could not be read as CSV',
  missingColumn: 'This column is required',
  duplicateColumn: 'This column appears twice',
  unknownColumn: 'Unknown column: it is ignored',
  required: 'Required',
  tooLong: EMPLOYEE_MESSAGES.tooLong,
  invalidEmail: 'Invalid email address',
  invalidDate: 'Use YYYY-MM-DD or DD/MM/YYYY',
  unknownRegion: 'Unknown region',
  invalidPattern: 'Use weekday names, e.g. "monday tuesday wednesday"',
  invalidDays: 'Enter a number of days between 0 and 365 in steps of 0.5',
  invalidBalance: 'Enter a number of days between -365 and 365 in steps of 0.5',
  invalidInvite: 'Use yes or no',
  duplicateNumberInFile: (row: number) => `The same employee number as row ${row}`,
  duplicateEmailInFile: (row: number) => `The same email as row ${row}`,
  numberTaken: 'An employee with this number already exists',
  emailTaken: 'An employee with this email already exists',
  ownLineManager: 'An employee cannot be their own line manager',
  unknownLineManager: 'No employee or user with this email or employee number',
  lineManagerWithoutLogin:
    'This line manager has no login yet: the line manager is left empty until they have one',
  inviteHasLogin: 'This email already has a login: no invitation is sent',
  invitePending: 'This email already has a pending invitation: no other is sent',
  inviteNotAllowed: 'Sending invitations needs User Management at Full: no invitation is sent',
  invalidFile: (count: number) =>
    `The file has ${count} ${count === 1 ? 'error' : 'errors'}: nothing was imported`,
  imported: (count: number) => `${count} ${count === 1 ? 'employee' : 'employees'} imported`,
  invitationsSent: (count: number) =>
    `${count} ${count === 1 ? 'invitation' : 'invitations'} to sign in sent by email`,
  openingBalanceReason: 'Opening balance (imported)',
} as const;

/**
 * A header as the file wrote it, reduced to its column: case-insensitive, spaces and underscores
 * equivalent (`Employee_Number`, `employee  number`), a byte-order mark or quotes around it ignored.
 */
export function importColumnOf(header: string): ImportColumn | null {
  const key = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');
  const found = IMPORT_COLUMNS.find((c) => IMPORT_COLUMN_HEADERS[c] === key);
  return found ?? null;
}

/** YYYY-MM-DD or DD/MM/YYYY (also D/M/YYYY) to YYYY-MM-DD; null when it is neither or no real day. */
export function parseImportDate(value: string): string | null {
  const text = value.trim();
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = uk ? `${uk[3]}-${uk[2]?.padStart(2, '0')}-${uk[1]?.padStart(2, '0')}` : text;
  return isValidIsoDate(iso) ? iso : null;
}

/** A number of days in steps of 0.5 within [min, max] ("2.5", "2,5" with a decimal comma); null if not. */
export function parseImportDays(value: string, min: number, max: number): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || Math.round(n * 2) !== n * 2) return null;
  return n === 0 ? 0 : n;
}

const WEEKDAY_BY_NAME = new Map<string, Weekday>(
  WEEKDAYS.flatMap((d) => [[d, d] as const, [d.slice(0, 3), d] as const]),
);

/** Weekday names or their first three letters, separated by spaces, commas, semicolons, slashes or pipes. */
export function parseImportPattern(value: string): Weekday[] | null {
  const words = value
    .trim()
    .toLowerCase()
    .split(/[\s,;/|]+/)
    .filter(Boolean);
  if (!words.length) return null;
  const days = new Set<Weekday>();
  for (const w of words) {
    const day = WEEKDAY_BY_NAME.get(w);
    if (!day) return null;
    days.add(day);
  }
  return WEEKDAYS.filter((d) => days.has(d));
}

/** yes/no, true/false, y/n, 1/0; blank is no; null when it is none of these. */
export function parseImportFlag(value: string): boolean | null {
  const text = value.trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(text)) return false;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  return null;
}

/** The template: the header and one example row a person can overwrite. */
export function importTemplateRows(): string[][] {
  return [
    IMPORT_COLUMNS.map((c) => IMPORT_COLUMN_HEADERS[c]),
    [
      'E1001',
      'Jane Example',
      'jane.example@example.com',
      'Engineer',
      'Engineering',
      '2026-01-05',
      '',
      'england-and-wales',
      'monday tuesday wednesday thursday friday',
      '28',
      '0',
      'no',
    ],
  ];
}

export const importIssueSchema = z.object({
  /** The spreadsheet row: the header is row 1, the first employee row 2. */
  row: z.number(),
  /** The column key (`email`), or `file` for the file as a whole. */
  column: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importRowSchema = z.object({
  row: z.number(),
  /** The cells as read (trimmed); a date already as YYYY-MM-DD when it was valid. */
  values: z.record(z.string(), z.string()),
  errors: z.array(importIssueSchema),
  warnings: z.array(importIssueSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** `POST /api/v1/employees/import[?dryRun=true]`. */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** The recognised columns, in the file's order. */
  columns: z.array(z.enum(IMPORT_COLUMNS)),
  /** Every row with its errors (dry run); empty after a real import. */
  rows: z.array(importRowSchema),
  /** Every error of the file, row by row. */
  errors: z.array(importIssueSchema),
  warnings: z.array(importIssueSchema),
  summary: z.object({
    rows: z.number(),
    valid: z.number(),
    invalid: z.number(),
    /**
     * Invitations the import sends (dry run: will send): valid rows with invite = yes, less those
     * skipped with a warning (a login or a pending invitation for the email, or no right to invite).
     */
    invites: z.number(),
  }),
  /** Employees written: 0 for a dry run. */
  imported: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
