/**
 * Builds the OpenAPI 3.1 document from the router and the zod contracts (ADR 0044). Operations are the
 * router's own entries under `/api`; their session and gates are read off the middleware the router
 * runs before them; bodies, queries and responses come from `contracts.ts`, turned into JSON Schema
 * 2020-12 by zod. Nothing in here is a hand-written schema of a payload.
 */
import { errorBodySchema } from '@hr/shared/errors';
import { z } from 'zod';
import { type AccessRule, accessRuleOf, isSessionGuard } from '../session.ts';
import { type ExtraErrorStatus, OPERATION_CONTRACTS, type OperationContract } from './contracts.ts';
import { type SharedSchemaName, sharedSchemaNames } from './shared-schemas.ts';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** One entry of `app.routes`: a handler or middleware, with the method and path it is registered for. */
export interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
  /** Server-Sent Events: the JSON an event's `data` carries (OpenAPI 3.1 has no field for it). */
  'x-event-data'?: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaTypeObject>;
}

export interface ReferenceObject {
  $ref: string;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject | ReferenceObject>;
  security?: Record<string, string[]>[];
}

export type PathItemObject = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OperationObject>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
  };
}

export interface DocumentInput {
  routes: readonly RouteEntry[];
  title: string;
  version: string;
  /** The public origin; paths already start with `/api`. */
  serverUrl: string;
  /** Better Auth's session cookie (`hr.session_token`, `__Secure-` prefixed over https). */
  sessionCookieName: string;
  contracts?: Readonly<Partial<Record<string, OperationContract>>>;
}

/** Routes under `/api` that are not part of the API: the benchmark's bare ceiling handler. */
export const UNDOCUMENTED_PATHS: readonly string[] = ['/api/bench/ceiling'];

export const SESSION_SCHEME = 'sessionCookie';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const COMPONENT_PREFIX = '#/components/schemas/';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (method: string): method is Method => (METHODS as readonly string[]).includes(method);
const WRITE_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One documented operation: a method and path of the router, with its entries in registration order. */
export interface RouterOperation {
  method: Method;
  /** Hono syntax, as in `app.routes` and the contract keys. */
  path: string;
  key: string;
  /** Indexes into the routes of the entries registered for exactly this method and path. */
  entries: number[];
}

/** Every method + path under `/api` the router serves, middleware (`ALL`) and the bench ceiling left out. */
export function routerOperations(routes: readonly RouteEntry[]): RouterOperation[] {
  const byKey = new Map<string, RouterOperation>();
  routes.forEach((route, index) => {
    if (!isMethod(route.method) || !route.path.startsWith('/api/') || UNDOCUMENTED_PATHS.includes(route.path))
      return;
    const key = `${route.method} ${route.path}`;
    const existing = byKey.get(key);
    if (existing) existing.entries.push(index);
    else byKey.set(key, { method: route.method, path: route.path, key, entries: [index] });
  });
  return [...byKey.values()];
}

interface PathParam {
  name: string;
  pattern?: string;
  rest?: boolean;
}

/** `/x/:id` -> `/x/{id}`, `:id{[0-9]+}` keeps its pattern, a trailing `*` becomes `{path}`. */
export function openApiPath(honoPath: string): { path: string; params: PathParam[] } {
  const params: PathParam[] = [];
  const segments = honoPath.split('/').map((segment) => {
    if (segment === '*') {
      params.push({ name: 'path', rest: true });
      return '{path}';
    }
    const match = /^:([A-Za-z0-9_]+)(?:\{(.+)\})?\??$/.exec(segment);
    if (!match) return segment;
    const name = match[1] as string;
    params.push(match[2] ? { name, pattern: match[2] } : { name });
    return `{${name}}`;
  });
  return { path: segments.join('/'), params };
}

/** A router pattern as a regular expression (`:name` one segment, `*` anything, `/x/*` also `/x`). */
function patternRegex(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body.replace(/\/\.\*$/, '(?:/.*)?')}$`);
}

/** The middleware and handlers the router runs for an operation, up to its own last entry. */
function chainOf(routes: readonly RouteEntry[], operation: RouterOperation): RouteEntry[] {
  const concrete = operation.path
    .split('/')
    .map((part) => (part === '*' || part.startsWith(':') ? 'x' : part))
    .join('/');
  const last = operation.entries[operation.entries.length - 1] ?? -1;
  return routes.filter(
    (route, index) =>
      index <= last &&
      (route.method === 'ALL' || route.method === operation.method) &&
      patternRegex(route.path).test(concrete),
  );
}

function describeRule(rule: AccessRule): string {
  if (rule.kind === 'section') return `section \`${rule.section}\` at \`${rule.level}\` or above`;
  // requireRole always lets a developer through.
  const roles = rule.roles.includes('developer') ? rule.roles : [...rule.roles, 'developer'];
  return `role ${roles.join(' or ')}`;
}

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** `POST /api/v1/holidays/requests/:id/decision` -> `postV1HolidaysRequestsByIdDecision`. */
function operationIdOf(method: Method, honoPath: string): string {
  const { path } = openApiPath(honoPath);
  const words = path
    .split('/')
    .filter(Boolean)
    .slice(1)
    .map((segment) => (segment.startsWith('{') ? `By${pascal(segment)}` : pascal(segment)));
  return `${method.toLowerCase()}${words.join('')}`;
}

/** `/api/v1/holidays/...` -> `holidays`; `/api/openapi.json` -> `openapi`. */
function tagOf(honoPath: string): string {
  const [first, second] = honoPath.split('/').filter(Boolean).slice(1);
  const segment = (first === 'v1' ? second : first) ?? 'api';
  return segment.replace(/\.json$/, '');
}

type Side = 'request' | 'response';

/**
 * zod -> JSON Schema 2020-12. Named shared schemas become components (`#/components/schemas/X`);
 * request schemas are converted as zod's input (what a client sends), responses as its output.
 */
class SchemaCatalog {
  private readonly registries: Record<Side, z.core.$ZodRegistry<{ id: string }>> = {
    request: z.registry<{ id: string }>(),
    response: z.registry<{ id: string }>(),
  };

  constructor(private readonly names: ReadonlyMap<z.ZodType, SharedSchemaName>) {}

  private static options(side: Side) {
    return {
      target: 'draft-2020-12' as const,
      io: side === 'request' ? ('input' as const) : ('output' as const),
      // A transform's output has no JSON Schema: it is documented as "anything" rather than failing the build.
      unrepresentable: 'any' as const,
      // zod says `additionalProperties: false` for the output of a plain object (it strips unknown keys),
      // but our responses are not parsed through their schema: clients must accept extra fields.
      override: ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }) => {
        const def = zodSchema._zod.def;
        if (side === 'response' && def.type === 'object' && def.catchall === undefined)
          delete jsonSchema.additionalProperties;
      },
    };
  }

  /** A `$ref` to the component of a named schema, or the schema inline. */
  use(schema: z.ZodType, side: Side): JsonSchema {
    const name = this.names.get(schema);
    if (!name) return this.inline(schema, side);
    const registry = this.registries[side];
    if (!registry.has(schema)) registry.add(schema, { id: name.componentName });
    return { $ref: `${COMPONENT_PREFIX}${name.componentName}` };
  }

  inline(schema: z.ZodType, side: Side): JsonSchema {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, SchemaCatalog.options(side));
    return json;
  }

  /** Every component used so far. A schema used both ways must read the same both ways. */
  components(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const side of ['request', 'response'] as const) {
      const { schemas } = z.toJSONSchema(this.registries[side], {
        ...SchemaCatalog.options(side),
        uri: (id) => `${COMPONENT_PREFIX}${id}`,
      });
      for (const [id, converted] of Object.entries(schemas)) {
        if (id === '__shared')
          throw new Error('A contract needs shared $defs (a cycle?): not supported yet.');
        const { $schema: _dialect, $id: _id, ...json } = converted;
        const seen = out[id];
        if (seen && JSON.stringify(seen) !== JSON.stringify(json))
          throw new Error(`${id} is used as a request and as a response, and reads differently as each.`);
        out[id] = json;
      }
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  }
}

const ERROR_RESPONSES: Record<
  400 | 401 | 403 | 404 | ExtraErrorStatus,
  { name: string; description: string }
> = {
  400: {
    name: 'ValidationError',
    description: 'Bad input: `error.fields` names each field and what is wrong.',
  },
  401: { name: 'Unauthenticated', description: 'No valid session (or, where noted, a bad credential).' },
  403: {
    name: 'Forbidden',
    description:
      "The role, section level or company does not allow it, or a write came from another site's page (CSRF).",
  },
  404: { name: 'NotFound', description: 'Nothing with that id in your company.' },
  409: { name: 'Conflict', description: 'The change conflicts with the current state.' },
  413: { name: 'PayloadTooLarge', description: 'The upload is too large.' },
  429: { name: 'RateLimited', description: 'Too many attempts; `Retry-After` says when to try again.' },
  503: { name: 'ServiceUnavailable', description: 'An integration is not configured or did not answer.' },
};

function errorResponses(errorBody: JsonSchema): Record<string, ResponseObject> {
  const out: Record<string, ResponseObject> = {};
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    out[name] = {
      description,
      ...(status === '429'
        ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: errorBody } },
    };
  }
  return out;
}

const DESCRIPTION = [
  'The HTTP API of Northwind HR, generated from the router and the shared zod contracts.',
  '',
  '- Sign in with `POST /api/auth/sign-in/email`; the session travels in a cookie. Every `/api/v1` route needs it unless it says otherwise.',
  "- A write (POST, PUT, PATCH, DELETE) from another site's page is refused: send no `Origin`, or this server's own.",
  '- Every error is `{ "error": { "code", "message", "fields"? } }` with the matching status.',
  "- Better Auth's other endpoints (`/api/auth/sign-out`, `/api/auth/get-session`, e-mail verification) are served by its own handler and are not listed here.",
].join('\n');

export function buildOpenApiDocument(input: DocumentInput): OpenApiDocument {
  const contracts: Readonly<Partial<Record<string, OperationContract>>> =
    input.contracts ?? OPERATION_CONTRACTS;
  const catalog = new SchemaCatalog(sharedSchemaNames());
  const errorBody = catalog.use(errorBodySchema, 'response');
  const paths: Record<string, PathItemObject> = {};
  const tags = new Set<string>();

  for (const operation of routerOperations(input.routes)) {
    const contract = contracts[operation.key];
    const chain = chainOf(input.routes, operation);
    const secured = chain.some((route) => isSessionGuard(route.handler));
    const rules = chain.flatMap((route) => accessRuleOf(route.handler) ?? []);
    const { path, params } = openApiPath(operation.path);

    const parameters: ParameterObject[] = params.map((param) => ({
      name: param.name,
      in: 'path',
      required: true,
      ...(param.rest ? { description: 'The rest of the path; may contain `/`.' } : {}),
      schema: param.pattern ? { type: 'string', pattern: `^${param.pattern}$` } : { type: 'string' },
    }));
    if (contract?.query) {
      const query = catalog.inline(contract.query, 'request');
      const required = new Set(query.required ?? []);
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        if (typeof schema !== 'object') continue;
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }

    let requestBody: OperationObject['requestBody'];
    if (contract?.body) {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: catalog.use(contract.body, 'request') } },
      };
    } else if (contract?.form) {
      requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: catalog.use(contract.form, 'request') } },
      };
    }

    const status = contract?.status ?? 200;
    const produces = contract?.produces ?? 'application/json';
    const media: MediaTypeObject =
      produces === 'application/json'
        ? { schema: contract?.response ? catalog.use(contract.response, 'response') : { type: 'object' } }
        : produces === 'text/event-stream'
          ? {
              schema: { type: 'string' },
              ...(contract?.events ? { 'x-event-data': catalog.use(contract.events, 'response') } : {}),
            }
          : {};
    const responses: OperationObject['responses'] = {
      [status]:
        status === 204
          ? { description: 'No content.' }
          : { description: status === 201 ? 'Created.' : 'OK.', content: { [produces]: media } },
    };
    const errorStatuses = new Set<keyof typeof ERROR_RESPONSES>(contract?.errors ?? []);
    if (requestBody || contract?.query) errorStatuses.add(400);
    if (secured) {
      errorStatuses.add(401);
      errorStatuses.add(403);
    }
    if (WRITE_METHODS.has(operation.method)) errorStatuses.add(403);
    if (params.length) errorStatuses.add(404);
    for (const code of [...errorStatuses].sort()) {
      responses[code] = { $ref: `#/components/responses/${ERROR_RESPONSES[code].name}` };
    }

    const notes = [
      contract?.description,
      rules.length ? `Needs ${rules.map(describeRule).join(', and ')}.` : undefined,
    ].filter((note): note is string => Boolean(note));
    const tag = tagOf(operation.path);
    tags.add(tag);
    const pathItem = paths[path] ?? {};
    pathItem[operation.method.toLowerCase() as Lowercase<Method>] = {
      operationId: operationIdOf(operation.method, operation.path),
      summary: contract?.summary ?? `${operation.method} ${operation.path}`,
      ...(notes.length ? { description: notes.join('\n\n') } : {}),
      tags: [tag],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      ...(secured ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    };
    paths[path] = pathItem;
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: DIALECT,
    info: { title: input.title, version: input.version, description: DESCRIPTION },
    servers: [{ url: input.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: catalog.components(),
      responses: errorResponses(errorBody),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: input.sessionCookieName,
          description: 'The session cookie set by sign-in.',
        },
      },
    },
  };
}
