/**
 * What the operator reads when PostgreSQL cannot be used at start-up: one line naming the cause and
 * the fix (a database to create, a server to start, a login to correct), never a driver stack trace.
 */
import { StartupError } from '../startup-error.ts';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
]);

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Node's happy-eyeballs connect reports an AggregateError of the attempts.
  const inner = (err as { errors?: unknown }).errors;
  return Array.isArray(inner) ? errorCode(inner[0]) : undefined;
}

/**
 * The StartupError for a PostgreSQL failure while connecting, or null when `err` is something else.
 * `variable` is the setting the URL came from, named in the fix.
 */
export function databaseStartupError(
  err: unknown,
  databaseUrl: string,
  variable = 'DATABASE_URL',
): StartupError | null {
  if (err instanceof StartupError) return err;
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return null;
  }
  const host = url.hostname || 'localhost';
  const port = url.port || '5432';
  const user = decodeURIComponent(url.username) || 'postgres';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  const code = errorCode(err);
  // Drizzle wraps a failed query; the driver's error is its cause.
  const cause = code ? undefined : (err as { cause?: unknown } | null)?.cause;
  if (cause) return databaseStartupError(cause, databaseUrl, variable);
  if (code === '3D000') {
    return new StartupError(
      `Refusing to start: the database "${database}" does not exist on ${host}:${port}; create it with: createdb -h ${host} -p ${port} -U ${user} ${database} (or correct ${variable}).`,
    );
  }
  if (code && UNREACHABLE.has(code)) {
    return new StartupError(
      `Refusing to start: cannot reach PostgreSQL at ${host}:${port} (${code}); start the database server or correct ${variable}.`,
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StartupError(
      `Refusing to start: PostgreSQL at ${host}:${port} refused the login of user "${user}"; correct the user or password in ${variable}.`,
    );
  }
  return null;
}

/** Runs the start-up steps that first talk to PostgreSQL, turning a connection failure into one line. */
export async function withDatabaseStartupErrors<T>(
  databaseUrl: string | undefined,
  step: () => Promise<T>,
  variable = 'DATABASE_URL',
): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw (databaseUrl && databaseStartupError(err, databaseUrl, variable)) || err;
  }
}
