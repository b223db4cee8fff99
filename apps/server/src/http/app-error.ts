/** Typed errors services throw; the one error handler maps them to the contract's error body. */
import { ERROR_CODES, MESSAGES } from '@hr/shared/errors';

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;

export class AppError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (fields: Record<string, string>, message: string = MESSAGES.invalidInput) =>
    new AppError(400, ERROR_CODES.VALIDATION, message, fields),
  unauthenticated: () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.notSignedIn),
  forbidden: (message: string = MESSAGES.accessDenied) => new AppError(403, ERROR_CODES.FORBIDDEN, message),
  notFound: (message: string = MESSAGES.notFound) => new AppError(404, ERROR_CODES.NOT_FOUND, message),
  passwordChangeRequired: () =>
    new AppError(403, ERROR_CODES.PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordChangeRequired),
  /** `fields` names the input the conflict is about (e.g. a taken employee number), for the form to mark. */
  conflict: (message: string, fields?: Record<string, string>) =>
    new AppError(409, ERROR_CODES.CONFLICT, message, fields),
  rateLimited: (message: string, retryAfterSeconds: number) =>
    new AppError(429, ERROR_CODES.RATE_LIMITED, message, undefined, {
      'Retry-After': String(retryAfterSeconds),
    }),
};
