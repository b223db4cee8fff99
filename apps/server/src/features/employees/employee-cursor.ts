/**
 * The employee list's page cursor (ADR 0115): the sort key of a page's last row, `created_at` (to the
 * microsecond, as UTC text), `employee_number` and `id`, as base64url JSON. Opaque to the browser; a
 * cursor that is not one this server could have made is refused here, before any SQL runs.
 */

export interface EmployeeCursor {
  /** `YYYY-MM-DDTHH:MI:SS.ffffffZ`, the exact `created_at`. */
  createdAt: string;
  employeeNumber: string;
  id: string;
}

const AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamp PostgreSQL reads back exactly: a real calendar day and time, year 1 to 9999. */
function isExactTimestamp(text: string): boolean {
  const m = AT.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  // Day and month checked in a leap year, then the year's own February.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return !(month === 2 && day === 29 && !leap);
}

export function encodeEmployeeCursor(cursor: EmployeeCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.employeeNumber, cursor.id])).toString(
    'base64url',
  );
}

/** The cursor, or null when the text is not a cursor this list hands out. */
export function decodeEmployeeCursor(text: string): EmployeeCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [createdAt, employeeNumber, id] = value as unknown[];
  if (typeof createdAt !== 'string' || typeof employeeNumber !== 'string' || typeof id !== 'string') {
    return null;
  }
  // PostgreSQL text holds no NUL; an employee number is at most 200 characters.
  if (!isExactTimestamp(createdAt) || !UUID.test(id) || employeeNumber.length > 200) return null;
  if (employeeNumber.includes('\u0000')) return null;
  return { createdAt, employeeNumber, id };
}
