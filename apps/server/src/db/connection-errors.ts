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

/** SQLSTATEs of a database that went away or cannot take the connection now. */
const CONNECTION_LOST_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Whether a request failed because the database connection was lost or could not be made (a restart,
 * a failover, an administrator ending connections, the pool timing out): the request may succeed if
 * tried again, so it is a 503, not a 500. Drizzle wraps the driver's error; its causes are looked at.
 */
export function isConnectionLost(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const code = errorCode(err);
  if (
    code &&
    (UNREACHABLE.has(code) || code === 'EPIPE' || code.startsWith('08') || CONNECTION_LOST_STATES.has(code))
  ) {
    return true;
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && !(err as { query?: unknown }).query) {
    if (CONNECTION_LOST_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return isConnectionLost((err as { cause?: unknown }).cause, depth + 1);
}
