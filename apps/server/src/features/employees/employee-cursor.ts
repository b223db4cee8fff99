/**
 * The employee list's page cursor (ADR 0115): the sort key of a page's last row, `created_at` (to the
 * microsecond, as UTC text), `employee_number` and `id`, as base64url JSON. Opaque to the browser; a
 * cursor that is not one this server could have made is refused here, before any SQL runs.
 */
import { decodeKeyset, encodeKeyset, isExactTimestamp, UUID_TEXT } from '../../db/keyset-cursor.ts';

export interface EmployeeCursor {
  /** `YYYY-MM-DDTHH:MI:SS.ffffffZ`, the exact `created_at`. */
  createdAt: string;
  employeeNumber: string;
  id: string;
}

export function encodeEmployeeCursor(cursor: EmployeeCursor): string {
  return encodeKeyset([cursor.createdAt, cursor.employeeNumber, cursor.id]);
}

/** The cursor, or null when the text is not a cursor this list hands out. */
export function decodeEmployeeCursor(text: string): EmployeeCursor | null {
  const values = decodeKeyset(text, 3);
  if (!values) return null;
  const [createdAt, employeeNumber, id] = values as [string, string, string];
  // PostgreSQL text holds no NUL (decodeKeyset refuses it); an employee number is at most 200 characters.
  if (!isExactTimestamp(createdAt) || !UUID_TEXT.test(id) || employeeNumber.length > 200) return null;
  return { createdAt, employeeNumber, id };
}
