/**
 * How a route declares its contract once (ADR 0075): `defineRoute` takes `@hono/zod-openapi`'s route
 * config (method, path, request params / query / JSON body, responses with their zod schemas,
 * middleware) and a feature registers it with `apiRouter().openapi(route, handler)`. The same
 * declaration validates the input (the handler reads `c.req.valid(...)`), types the handler's answer
 * and is the route's operation in `/api/openapi.json`.
 */
import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import { errorBodySchema, MESSAGES, messageResponseSchema } from '@hr/shared/errors';
import { UUID_PATTERN } from '@hr/shared/ids';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from './app-env.ts';
import { errors } from './app-error.ts';
import { readJson, validationError } from './validate.ts';

/** The error body every error answer carries: one named component. */
export const errorBodyComponent = errorBodySchema.meta({ id: 'ErrorBody' });

/** A path id: a uuid, else the path names nothing (404, before it can reach the database as a cast error). */
export const uuidParam = (message: string = MESSAGES.notFound) =>
  z.string().regex(UUID_PATTERN, { error: message }).meta({ format: 'uuid' });

/** `{id}` path parameters. */
export const idParams = z.object({ id: uuidParam() });

type ValidationResult = { target: string } & ({ success: true } | { success: false; error: z.ZodError });

/**
 * A failed validation answers as every handler did before: 400 with the first field's message and
 * `fields` (`fieldMessages`); a path parameter that does not parse names nothing: 404 with its message.
 */
function validationHook(result: ValidationResult) {
  if (result.success) return;
  if (result.target === 'param') throw errors.notFound(result.error.issues[0]?.message ?? MESSAGES.notFound);
  throw validationError(result.error);
}

/** Every failed validation, path parameters too, is a 400 with the first field's message. */
function validationHook400(result: ValidationResult) {
  if (!result.success) throw validationError(result.error);
}

function router(hook: (result: ValidationResult) => void, gates: MiddlewareHandler<AppEnv>[]) {
  const created = new OpenAPIHono<AppEnv>({ defaultHook: hook });
  if (gates.length) created.use('*', ...gates);
  return created;
}

/** The router every feature declares its routes on; `gates` run before each of its routes (role, section). */
export function apiRouter(...gates: MiddlewareHandler<AppEnv>[]) {
  return router(validationHook, gates);
}

/**
 * `apiRouter` whose bad path parameters are 400s with the parameter's message, not 404s: Settings'
 * users and invitations ("Unknown record") and notifications ("Unknown notification") answer so.
 */
export function apiRouterRefusingBadParams(...gates: MiddlewareHandler<AppEnv>[]) {
  return router(validationHook400, gates);
}

/** Default JSON body cap; upload routes that carry a file as base64 raise it (`bodyLimit`). */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/**
 * Reads a JSON body once, before the validator: over the cap is a 413, bad JSON a 400 "Malformed JSON",
 * a NUL in any string a 400 (ADR 0059), an empty body `{}`, whatever the Content-Type says. The value
 * is left in Hono's body cache, where the validator reads it.
 */
export function jsonBodyGuard(maxBytes = JSON_BODY_MAX_BYTES): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await readJsonBody(c, maxBytes);
    await next();
  };
}

/** What `jsonBodyGuard` does, for a middleware that needs the raw body before validation (sign-up's limits). */
export async function readJsonBody(c: Context, maxBytes = JSON_BODY_MAX_BYTES): Promise<unknown> {
  const value = await readJson(c, maxBytes);
  c.req.bodyCache.json = Promise.resolve(value);
  return value;
}

/**
 * A response another library built (Better Auth's sign-in) answered as the route declares it: its
 * body is passed through, not re-serialised, so the handler's type is asserted here, once.
 */
export function asDeclared<S extends z.ZodType>(
  _schema: S,
  response: Response,
): TypedResponse<JSONParsed<z.output<S>>, 200, 'json'> {
  return response as unknown as TypedResponse<JSONParsed<z.output<S>>, 200, 'json'>;
}

/** `{ content: { 'application/json': { schema } }, required: true }`: a JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S, description?: string) => ({
  content: { 'application/json': { schema } },
  required: true as const,
  ...(description ? { description } : {}),
});

/** A JSON response with its schema. */
export const jsonResponse = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** `{ message }`: the answer of a change that returns only what to tell the user. */
export const messageResponse = (description: string) => jsonResponse(messageResponseSchema, description);

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `error.fields` names each bad field',
  401: 'Not signed in',
  403: 'Refused: role, section level, or a temporary password still to change',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  415: 'Unsupported Media Type',
  429: 'Too many attempts: see Retry-After',
  503: 'A service it needs is not configured or not reachable',
};

export interface RouteOptions {
  /** Error answers beyond those read off the declaration (400 input, 401/403 session, 404 path ids, 413/415 body). */
  errors?: readonly ErrorStatus[];
  /** The JSON body cap, when the route carries a file as base64. */
  bodyLimit?: number;
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * `createRoute` plus what every route of this API shares: the JSON body guard before the validator,
 * and the error answers (one `ErrorBody`) the declaration implies. A public route says `security: []`.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(
  config: R,
  options: RouteOptions = {},
): R {
  const request = config.request;
  const jsonRequest = request?.body?.content?.['application/json'] !== undefined;
  const isPublic = Array.isArray(config.security) && config.security.length === 0;
  const statuses = new Set<ErrorStatus>(options.errors ?? []);
  if (request?.body || request?.query || request?.params) statuses.add(400);
  if (request?.params) statuses.add(404);
  if (request?.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (!isPublic) {
    statuses.add(401);
    statuses.add(403);
  }
  const errorResponses = Object.fromEntries(
    [...statuses]
      .sort()
      .map((status) => [status, jsonResponse(errorBodyComponent, ERROR_DESCRIPTIONS[status])]),
  );
  const middleware = [
    ...asArray(config.middleware),
    ...(jsonRequest ? [jsonBodyGuard(options.bodyLimit)] : []),
  ];
  return createRoute({
    ...config,
    ...(middleware.length ? { middleware } : {}),
    responses: { ...errorResponses, ...config.responses },
  }) as R;
}
