/** Recognises PostgreSQL errors through Drizzle's wrapping (the driver error sits in `cause`). */

const UNIQUE_VIOLATION = '23505';
const INSUFFICIENT_PRIVILEGE = '42501';

function driverErrors(err: unknown): { code?: string; constraint?: string; message?: string }[] {
  const found = [];
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    found.push(e as { code?: string; constraint?: string; message?: string });
  }
  return found;
}

/** A unique index refused the write; with `constraint`, only that index counts. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return driverErrors(err).some(
    (e) =>
      e.code === UNIQUE_VIOLATION &&
      (!constraint || e.constraint === constraint || (e.message ?? '').includes(constraint)),
  );
}

/** Row-level security (or a grant) refused the write. */
export function isPermissionDenied(err: unknown): boolean {
  return driverErrors(err).some((e) => e.code === INSUFFICIENT_PRIVILEGE);
}

const FOREIGN_KEY_VIOLATION = '23503';

/** A foreign key refused the write (a row still referenced, or a reference to nothing). */
export function isForeignKeyViolation(err: unknown): boolean {
  return driverErrors(err).some((e) => e.code === FOREIGN_KEY_VIOLATION);
}

const UNDEFINED_COLUMN = '42703';

/** A statement named a column the database does not have (a migration not run): `column` names it. */
export function isUndefinedColumn(err: unknown, column: string): boolean {
  return driverErrors(err).some((e) => e.code === UNDEFINED_COLUMN && (e.message ?? '').includes(column));
}
