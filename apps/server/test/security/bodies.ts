/**
 * Plausible JSON bodies for write routes, with another company's ids wherever an id fits. Routes
 * named here get a body their contract accepts; every other write route gets the generic body,
 * whose id-like keys all carry the other company's ids, and an empty object.
 */
export type Ids = Map<string, string[]>;

const first = (ids: Ids, table: string) => ids.get(table)?.[0] ?? '00000000-0000-4000-8000-000000000000';

const SAMPLE_DAY = '2031-03-03';

/** Fields of each known body its contract requires: a wrong type there can never be accepted. */
export const REQUIRED_KEYS: Record<string, string[]> = {
  'POST /api/v1/employees': ['fullName', 'email', 'position', 'employeeNumber', 'startDate'],
  'PUT /api/v1/employees/:id': ['fullName', 'email', 'position', 'employeeNumber', 'startDate'],
  'POST /api/v1/holidays/requests': ['startDate', 'endDate'],
  'POST /api/v1/holidays/requests/:id/decision': ['decision'],
  'POST /api/v1/me/password': ['currentPassword', 'newPassword'],
  'POST /api/v1/workshop/jobs/:id/parts/:index/order': ['quantity'],
  'POST /api/v1/workshop/jobs/:id/parts/:index/receive': ['quantity'],
  'PUT /api/v1/workshop/schedule': ['order'],
  'POST /api/v1/workshop/schedule/scheduled': ['jobId'],
};

const KNOWN: Record<string, (ids: Ids) => Record<string, unknown>> = {
  'POST /api/v1/employees': (ids) => ({
    fullName: 'Mallory Intruder',
    email: 'mallory@evil.example',
    position: 'Spy',
    employeeNumber: 'EVIL-1',
    startDate: SAMPLE_DAY,
    annualHolidayDays: 28,
    userId: first(ids, 'profiles'),
    lineManagerId: first(ids, 'profiles'),
  }),
  'PUT /api/v1/employees/:id': (ids) => ({
    fullName: 'Hacked',
    email: 'hacked@evil.example',
    position: 'Spy',
    employeeNumber: 'EVIL-2',
    startDate: SAMPLE_DAY,
    annualHolidayDays: 365,
    userId: first(ids, 'profiles'),
    lineManagerId: first(ids, 'profiles'),
  }),
  'POST /api/v1/holidays/requests': () => ({
    startDate: SAMPLE_DAY,
    endDate: SAMPLE_DAY,
    holidayType: 'annual',
    reason: 'tenant matrix',
  }),
  'POST /api/v1/holidays/requests/:id/decision': () => ({ decision: 'approve', comment: 'ok' }),
  'PATCH /api/v1/workshop/jobs/:id': () => ({ status: 'completed', notes: 'tenant matrix' }),
  'POST /api/v1/workshop/jobs/:id/parts/:index/order': () => ({ quantity: 1 }),
  'POST /api/v1/workshop/jobs/:id/parts/:index/receive': () => ({ quantity: 1 }),
  'PUT /api/v1/workshop/schedule': (ids) => ({ order: ids.get('work_orders')?.slice(0, 3) ?? [] }),
  'POST /api/v1/workshop/schedule/scheduled': (ids) => ({ jobId: first(ids, 'work_orders') }),
};

/** Keys a body may name another row by. */
const ID_KEYS: [string, string][] = [
  ['id', 'employee_records'],
  ['userId', 'profiles'],
  ['employeeId', 'employee_records'],
  ['employeeRecordId', 'employee_records'],
  ['lineManagerId', 'profiles'],
  ['companyId', 'companies'],
  ['requestId', 'holiday_requests'],
  ['holidayRequestId', 'holiday_requests'],
  ['workOrderId', 'work_orders'],
  ['jobId', 'work_orders'],
  ['productId', 'bom_products'],
  ['notificationId', 'notifications'],
];

export function genericBody(ids: Ids): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(ID_KEYS.map(([k, t]) => [k, first(ids, t)]));
  body.ids = ID_KEYS.map(([, t]) => first(ids, t));
  body.notificationIds = ids.get('notifications')?.slice(0, 3) ?? [];
  body.order = ids.get('work_orders')?.slice(0, 3) ?? [];
  return body;
}

export function hasKnownBody(method: string, path: string): boolean {
  return `${method} ${path}` in KNOWN;
}

/** The route's plausible body, if the suite knows one. */
export function knownBody(method: string, path: string, ids: Ids): Record<string, unknown> | undefined {
  return KNOWN[`${method} ${path}`]?.(ids);
}

/** The bodies to send to one write route. */
export function bodiesFor(method: string, path: string, ids: Ids): unknown[] {
  const known = KNOWN[`${method} ${path}`];
  return [...(known ? [known(ids)] : []), genericBody(ids), {}];
}

/**
 * Bodies each route's contract accepts, with text and date fields, for the NUL and extreme-date
 * arms of the bad-input suite only (they always break one field, so none of them can be written).
 * Kept apart from KNOWN: the tenant and role matrices must keep sending what they send today.
 */
const VALID_BODIES: Record<string, (ids: Ids) => Record<string, unknown>> = {
  ...KNOWN,
  'PUT /api/v1/profile': () => ({ fullName: 'Nul Tester', position: 'Tester', lineManagerId: null }),
  'PUT /api/v1/company': (ids) => ({
    legalName: 'Northwind Ltd',
    tradingName: 'Northwind',
    addresses: [
      {
        id: first(ids, 'companies'),
        type: 'Head office',
        address_line_1: '1 High Street',
        address_line_2: 'Floor 2',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        country: 'United Kingdom',
      },
    ],
  }),
  'POST /api/v1/settings/users': () => ({
    fullName: 'Nul Tester',
    email: 'nul.tester@northwind.example',
    password: 'Passw0rd!2026',
    role: 'operative',
  }),
  'POST /api/v1/me/password': () => ({ newPassword: 'Passw0rd!2026' }),
  'POST /api/v1/documents': () => ({
    documentType: 'general_documents',
    fileName: 'report.pdf',
    fileData: 'aGVsbG8=',
    contentType: 'application/pdf',
    department: 'Sales',
  }),
  'POST /api/v1/cloud-storage/:provider/files': () => ({
    folderPath: 'reports/2026',
    fileName: 'report.pdf',
    fileData: 'aGVsbG8=',
  }),
  'POST /api/v1/cloud-storage/:provider/folders': () => ({ folderPath: 'reports/2026' }),
  'PUT /api/v1/cloud-storage/policies/:documentType': () => ({
    storageLocation: 'both',
    cloudFolderPath: 'secondary/invoices',
  }),
  'POST /api/v1/cross-app/links': () => ({
    target: 'crm',
    returnUrl: '/employees',
    breadcrumb: [{ title: 'Employees', path: '/employees' }],
  }),
  'POST /api/v1/cross-app/exchange': () => ({ code: 'not-a-code' }),
  'POST /api/v1/calendar-feeds': () => ({ scope: 'me', includeBankHolidays: true }),
  'PUT /api/v1/calendar-feeds/settings': () => ({ companyFeedForEmployees: true }),
  'POST /api/v1/holidays/requests/:id/decision': () => ({ decision: 'reject', comment: 'no' }),
};

/** A body the route's contract accepts, if the suite has one (NUL and date fuzzing only). */
export function validBody(method: string, path: string, ids: Ids): Record<string, unknown> | undefined {
  return VALID_BODIES[`${method} ${path}`]?.(ids);
}

/** Keys that hold a calendar date (yyyy-MM-dd) or month (yyyy-MM) in bodies and query strings. */
export const DATE_KEYS = new Set(['startDate', 'endDate', 'date', 'start', 'end', 'month', 'dueDate']);
