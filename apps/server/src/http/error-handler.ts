import { ERROR_CODES, type ErrorBody, MESSAGES } from '@hr/shared/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

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
  c.get('logger').error({ err }, 'unhandled error');
  return c.json(errorBody(ERROR_CODES.INTERNAL, MESSAGES.internal), 500);
}
