import { ERROR_CODES, type ErrorBody, MESSAGES } from '@hr/shared/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isConnectionLost } from '../db/connection-errors.ts';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** What a 503 for a lost database connection asks the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;

/** The single place an exception becomes a response. Unknown errors are logged and never leak. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return c.json(errorBody(err.code, err.message, err.fields), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 401 ? ERROR_CODES.UNAUTHENTICATED : ERROR_CODES.VALIDATION;
    return c.json(errorBody(code, err.message || MESSAGES.invalidInput), err.status);
  }
  // The database went away mid-request (a restart, a failover, a connection ended): worth a retry.
  if (isConnectionLost(err)) {
    c.get('logger').warn({ err }, 'database connection lost');
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(errorBody(ERROR_CODES.UNAVAILABLE, MESSAGES.unavailable), 503);
  }
  c.get('logger').error({ err }, 'unhandled error');
  return c.json(errorBody(ERROR_CODES.INTERNAL, MESSAGES.internal), 500);
}
