/**
 * fetch wrapper for our API: JSON in and out, the session cookie included, and every error turned
 * into an ApiError carrying the server's `{ error: { code, message, fields } }`.
 */
import { retryAfterMinutes } from '@hr/shared/rate-limit';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** From the Retry-After header of a 429: how long the server asks to wait. */
  retryAfterSeconds: number | undefined;
  /** True when the answer carried no message of its own (no JSON error body): callers say their own. */
  generic = false;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The Retry-After header in seconds (delta-seconds or an HTTP date), undefined without one. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** "Try again in N minutes." for a refused attempt the server said when to repeat, else null. */
export function retryHint(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === undefined) {
    return null;
  }
  const minutes = retryAfterMinutes(error.retryAfterSeconds);
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the shared error body by hand, so the entry chunk stays free of zod. */
function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.message === 'string') {
    const fields = isRecord(error.fields)
      ? Object.fromEntries(
          Object.entries(error.fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : undefined;
    return new ApiError(status, typeof error.code === 'string' ? error.code : 'ERROR', error.message, fields);
  }
  // Better Auth's own shape, should one slip through unwrapped.
  if (isRecord(body) && typeof body.message === 'string') {
    return new ApiError(status, typeof body.code === 'string' ? body.code : 'ERROR', body.message);
  }
  const generic = new ApiError(status, 'ERROR', FALLBACK_MESSAGE);
  generic.generic = true;
  return generic;
}

/** An abort stays an abort; anything else thrown by fetch means the network failed. */
function networkError(cause: unknown): unknown {
  if (cause instanceof DOMException && cause.name === 'AbortError') return cause;
  return new ApiError(
    0,
    'NETWORK_ERROR',
    'Network error. Please check your internet connection and try again.',
  );
}

type UnauthorizedHandler = (path: string) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Called on every 401 from `/api/v1/*`: the session is gone (user removed, password changed
 * elsewhere, expired). The query client registers one that signs the page out at once.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** The JSON body of a response, or the ApiError its error body describes. */
async function readResponse<T>(response: Response, path: string): Promise<T> {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = toApiError(response.status, parsed);
    if (response.status === 429)
      error.retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
    if (response.status === 401 && path.startsWith('/api/v1/')) unauthorizedHandler?.(path);
    throw error;
  }
  return parsed as T;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, signal }: ApiRequest = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    throw networkError(cause);
  }
  return readResponse<T>(response, path);
}

/** The message to show for an error; a rate-limit refusal also says when to try again. */
export function errorMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  const hint = retryHint(error);
  if (error instanceof ApiError && error.generic) return fallback;
  if (error instanceof Error && error.message) return hint ? `${error.message} ${hint}` : error.message;
  return fallback;
}

/** Sends one file as multipart/form-data (field `file`) and reads the JSON answer like apiFetch. */
export async function apiUpload<T>(path: string, file: File, signal?: AbortSignal): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
      signal,
    });
  } catch (cause) {
    throw networkError(cause);
  }
  return readResponse<T>(response, path);
}
