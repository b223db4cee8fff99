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
