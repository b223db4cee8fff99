/**
 * Keyset page cursors (ADRs 0115, 0155): the sort key of a page's last row, as base64url JSON. Opaque
 * to the browser; a feature checks each value's shape before any SQL runs, so a cursor that is not one
 * the server could have made is refused with a 400, never a 500.
 */

const AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** The SQL that writes a timestamp as a cursor holds it: to the microsecond, as UTC text. */
export const CURSOR_TIMESTAMP_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/** A timestamp (`YYYY-MM-DDTHH:MI:SS.ffffffZ`) PostgreSQL reads back exactly: a real day and time, year 1 to 9999. */
export function isExactTimestamp(text: string): boolean {
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

export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeKeyset(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The cursor's `length` strings, or null when the text is not such a cursor. */
export function decodeKeyset(text: string, length: number): string[] | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== length) return null;
  if (!value.every((v): v is string => typeof v === 'string' && !v.includes('\u0000'))) return null;
  return value;
}
