/**
 * GET /api/openapi.json: served without a session, complete against the router, consistent with the
 * contracts registry, structurally sound, and truthful about what the routes answer.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorBodySchema } from '@hr/shared/errors';
import { holidayRequestInputSchema } from '@hr/shared/hr/holidays.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import serverPackage from '../../../package.json' with { type: 'json' };
import { httpClient, type Json, json, useTestApp } from '../../../test/test-context.ts';
import { OPERATION_CONTRACTS, type OperationContract } from './contracts.ts';
import {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OperationObject,
  type ResponseObject,
  routerOperations,
  SESSION_SCHEME,
} from './openapi-document.ts';
import { SHARED_SCHEMA_MODULES, sharedSchemaNames } from './shared-schemas.ts';

const testApp = useTestApp();
const contracts: Readonly<Partial<Record<string, OperationContract>>> = OPERATION_CONTRACTS;
/** Redeemed server-to-server by a sister app, by design without a session (ADR 0032). */
const SESSIONLESS_V1 = ['POST /api/v1/cross-app/exchange'];

let doc: OpenApiDocument;

beforeAll(async () => {
  doc = await json(await testApp.app.app.request('/api/openapi.json'));
});

interface DocumentedOperation {
  method: string;
  path: string;
  operation: OperationObject;
}

function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** The router's paths in OpenAPI syntax, worked out here rather than with the code under test. */
function routerKeys(): string[] {
  const keys = testApp.app.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && r.path !== '/api/bench/ceiling')
    .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}')}`);
  return [...new Set(keys)].sort();
}

function resolve(pointer: string): unknown {
  expect(pointer.startsWith('#/'), pointer).toBe(true);
  let node: unknown = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function deref<T>(value: T | { $ref: string }): T {
  return value && typeof value === 'object' && '$ref' in value ? (resolve(value.$ref) as T) : value;
}

/** Every object in a JSON tree, with its location. */
function* walk(node: unknown, at = '#'): Generator<[string, Record<string, unknown>]> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, `${at}/${i}`);
    return;
  }
  const object = node as Record<string, unknown>;
  yield [at, object];
  for (const [key, value] of Object.entries(object)) yield* walk(value, `${at}/${key}`);
}

describe('GET /api/openapi.json', () => {
  it('is served without a session, cacheable, as OpenAPI 3.1 named after the server package', async () => {
    const { app } = testApp.app;
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await res.text();
    const body = JSON.parse(text) as OpenApiDocument;
    expect(body.openapi).toBe('3.1.0');
    expect(body.info).toMatchObject({ title: serverPackage.description, version: serverPackage.version });
    expect(body.servers).toEqual([{ url: 'http://localhost:3000' }]);
    // Built once: the second answer is the same text.
    expect(await (await app.request('/api/openapi.json')).text()).toBe(text);
  });

  it('has every method and path the router serves under /api, and nothing else', () => {
    const documented = operationsOf(doc)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    expect(documented).toEqual(routerKeys());
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/openapi.json',
        'POST /api/auth/sign-in/email',
        'POST /api/v1/holidays/requests',
        'PUT /api/v1/employees/{id}',
        'GET /api/storage/{bucket}/{path}',
      ]),
    );
  });

  it('leaves out the benchmark ceiling and middleware', () => {
    const { app } = testApp.app;
    const built = buildOpenApiDocument({
      routes: [...app.routes, { method: 'GET', path: '/api/bench/ceiling', handler: () => null }],
      title: 't',
      version: '0',
      serverUrl: 'http://localhost:3000',
      sessionCookieName: 'hr.session_token',
    });
    expect(Object.keys(built.paths)).not.toContain('/api/bench/ceiling');
    expect(Object.keys(built.paths).some((p) => p.includes('*'))).toBe(false);
    expect(app.routes.some((r) => r.method === 'ALL' && r.path === '/api/v1/*')).toBe(true);
  });

  it('declares every path parameter, required, and no other', () => {
    for (const { method, path, operation } of operationsOf(doc)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual([...inPath].sort());
      for (const p of declared) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
    }
    const decision = doc.paths['/api/v1/holidays/requests/{id}/decision']?.post;
    expect(decision?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('describes the holiday request body from its zod contract, with its required fields', () => {
    const body = doc.paths['/api/v1/holidays/requests']?.post?.requestBody;
    expect(body?.required).toBe(true);
    const ref = body?.content['application/json']?.schema;
    expect(ref).toEqual({ $ref: '#/components/schemas/HolidayRequestInput' });
    const schema = deref(ref as JsonSchema);
    expect(schema.required).toEqual(expect.arrayContaining(['startDate', 'endDate']));
    expect(schema.required).not.toContain('holidayType'); // it has a default: optional for a client
    expect(schema.properties?.startDate).toMatchObject({ type: 'string', format: 'date' });
    expect(schema.properties?.holidayType).toMatchObject({
      enum: expect.arrayContaining(['annual', 'sick']),
    });
    const fromZod = z.toJSONSchema(holidayRequestInputSchema, { io: 'input' });
    expect(schema.required).toEqual(fromZod.required);
  });

  it('turns query contracts into query parameters', () => {
    const list = doc.paths['/api/v1/employees']?.get?.parameters ?? [];
    expect(list.map((p) => [p.name, p.in, p.required])).toEqual([
      ['search', 'query', false],
      ['page', 'query', false],
      ['pageSize', 'query', false],
      ['leavers', 'query', false],
    ]);
    const calendar = doc.paths['/api/v1/holidays/calendar']?.get?.parameters ?? [];
    expect(calendar).toEqual([
      expect.objectContaining({ name: 'month', in: 'query', required: true, schema: expect.any(Object) }),
    ]);
  });

  it('puts the session cookie on every /api/v1 route that needs it, and on nothing public', () => {
    expect(doc.components.securitySchemes[SESSION_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'hr.session_token',
    });
    for (const { method, path, operation } of operationsOf(doc)) {
      const key = `${method} ${path}`;
      const needsSession = path.startsWith('/api/v1/') && !SESSIONLESS_V1.includes(key);
      expect(operation.security, key).toEqual(needsSession ? [{ [SESSION_SCHEME]: [] }] : undefined);
      if (needsSession)
        expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(['401']));
    }
  });

  it('describes the gates the router enforces', () => {
    expect(doc.paths['/api/v1/employees']?.post?.description).toContain('section `employees` at `full`');
    expect(doc.paths['/api/v1/companies']?.get?.description).toContain('role developer');
  });

  it('answers errors with one shared component built from the error contract', () => {
    // What zod says, less the `additionalProperties: false` a response never promises (clients accept extra fields).
    const { $schema: _dialect, ...errorBody } = z.toJSONSchema(errorBodySchema, { io: 'input' });
    expect(doc.components.schemas.ErrorBody).toEqual(errorBody);
    expect(errorBody).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['code', 'message'] } },
    });
    let fourHundreds = 0;
    for (const { method, path, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('4')) continue;
        fourHundreds++;
        expect(response, `${method} ${path} ${status}`).toEqual({
          $ref: expect.stringMatching(/^#\/components\/responses\//),
        });
        const resolved = deref(response) as ResponseObject;
        expect(resolved.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
    expect(fourHundreds).toBeGreaterThan(50);
    expect(doc.components.responses.RateLimited?.headers?.['Retry-After']).toBeDefined();
  });
});

describe('the contracts registry', () => {
  it('names only routes the router has', () => {
    const known = new Set(routerOperations(testApp.app.app.routes).map((o) => o.key));
    expect(Object.keys(OPERATION_CONTRACTS).filter((key) => !known.has(key))).toEqual([]);
  });

  /**
   * Reads each route's handlers (their source text): a route that parses a JSON body, a query or an
   * upload must have the matching entry, naming the schema the handler itself passes; an entry must not
   * claim a body the route never reads.
   */
  it('has an entry, with the same schema, for every route that parses a body or a query', () => {
    const { routes } = testApp.app.app;
    const names = sharedSchemaNames();
    const problems: string[] = [];
    for (const operation of routerOperations(routes)) {
      const source = operation.entries.map((i) => String(routes[i]?.handler)).join('\n');
      const contract = contracts[operation.key];
      const checks: [string, boolean, z.ZodType | undefined][] = [
        ['body', /\b(parseJsonBody|readJson)\b/.test(source), contract?.body],
        ['query', /\bparseQuery\b/.test(source), contract?.query],
        ['form', /\b(readImageUpload|parseBody)\b/.test(source), contract?.form],
      ];
      for (const [kind, parses, schema] of checks) {
        if (parses && !schema) problems.push(`${operation.key} parses a ${kind} but its contract has none`);
        if (!parses && schema) problems.push(`${operation.key} has a ${kind} contract but never parses one`);
        const exportName = schema && names.get(schema)?.exportName;
        if (parses && exportName && !new RegExp(`\\b${exportName}\\b`).test(source))
          problems.push(`${operation.key}: the contract names ${exportName}, the handler does not use it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists every shared *.schemas.ts module, and names no two schemas alike', () => {
    const sharedSrc = fileURLToPath(new URL('../../../../../packages/shared/src/', import.meta.url));
    const files = readdirSync(sharedSrc, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.schemas.ts'))
      .map((file) => file.replace(/\\/g, '/').replace(/\.ts$/, ''));
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !(file in SHARED_SCHEMA_MODULES))).toEqual([]);
    expect(() => sharedSchemaNames()).not.toThrow();
  });
});

describe('document structure', () => {
  it('resolves every $ref inside the document and embeds no schema-level ids or $defs', () => {
    let refs = 0;
    for (const [at, node] of walk(doc)) {
      if (typeof node.$ref === 'string') {
        refs++;
        expect(resolve(node.$ref), `${at} -> ${node.$ref}`).toBeDefined();
      }
      for (const key of ['$schema', '$id', '$defs', 'definitions']) expect(node, at).not.toHaveProperty(key);
    }
    expect(refs).toBeGreaterThan(100);
  });

  it('keeps the invariants OpenAPI 3.1 asks for', () => {
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    const tags = new Set(doc.tags.map((t) => t.name));
    const ids = new Set<string>();
    for (const { method, path, operation } of operationsOf(doc)) {
      const key = `${method} ${path}`;
      expect(path, key).toMatch(/^\/[^:*]*$/);
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], key).toContain(method);
      expect(ids.has(operation.operationId), `duplicate operationId ${operation.operationId}`).toBe(false);
      ids.add(operation.operationId);
      expect(operation.summary, key).toBeTruthy();
      for (const tag of operation.tags) expect(tags.has(tag), `${key} tag ${tag}`).toBe(true);
      const params = operation.parameters ?? [];
      expect(new Set(params.map((p) => `${p.in}:${p.name}`)).size, key).toBe(params.length);
      for (const p of params) expect(['path', 'query'], key).toContain(p.in);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        key,
      ).toBe(true);
      for (const status of statuses) expect(status, key).toMatch(/^[1-5]\d\d$/);
      for (const response of Object.values(operation.responses))
        expect(typeof deref(response).description, key).toBe('string');
      for (const requirement of operation.security ?? [])
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes, key).toHaveProperty(scheme);
      if (operation.requestBody)
        expect(Object.keys(operation.requestBody.content).length, key).toBeGreaterThan(0);
    }
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(schema, name).not.toEqual({});
    }
  });
});

describe('response contracts', () => {
  /** Query strings for the GET routes whose query has required fields. */
  const SAMPLE_QUERIES: Record<string, string> = {
    '/api/v1/holidays/working-days': '?start=2031-03-03&end=2031-03-07',
    '/api/v1/holidays/calendar': '?month=2031-03',
    '/api/v1/holidays/calendar/day': '?date=2031-03-03',
    '/api/v1/workshop/job-page': '?list=orders&offset=0&limit=5',
  };

  /** What is wrong with an answer against its operation's contract (status and response), if anything. */
  async function contractProblem(key: string, res: Response): Promise<string | null> {
    const contract = contracts[key];
    const answer: Json = await res.json();
    if (!contract?.response) return `${key}: no response contract`;
    if (res.status !== (contract.status ?? 200)) return `${key}: ${res.status} ${JSON.stringify(answer)}`;
    const parsed = contract.response.safeParse(answer);
    return parsed.success ? null : `${key}: ${z.prettifyError(parsed.error)}`;
  }

  it('match what every parameterless GET route answers a developer', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('dev@northwind.example');
    const problems: string[] = [];
    let checked = 0;
    for (const operation of routerOperations(testApp.app.app.routes)) {
      const response = contracts[operation.key]?.response;
      if (operation.method !== 'GET' || !response || operation.path.includes(':')) continue;
      const res = await client.get(`${operation.path}${SAMPLE_QUERIES[operation.path] ?? ''}`);
      checked++;
      const problem = await contractProblem(operation.key, res);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });

  it('match what the changes with a documented answer return', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('dev@northwind.example');
    const created = await client.post('/api/v1/employees', {
      fullName: 'Contract Check',
      email: 'contract.check@northwind.example',
      position: 'Tester',
      employeeNumber: 'OA-1',
      startDate: '2026-01-05',
    });
    expect(created.status).toBe(201);
    const employeeId = (await json(created)).id as string;
    const calls: [key: string, method: string, url: string, body?: unknown][] = [
      ['DELETE /api/v1/employees/:id', 'DELETE', `/api/v1/employees/${employeeId}`],
      ['DELETE /api/v1/slack/connection', 'DELETE', '/api/v1/slack/connection'],
      ['PUT /api/v1/cloud-storage/enabled', 'PUT', '/api/v1/cloud-storage/enabled', { enabled: false }],
      [
        'PUT /api/v1/cloud-storage/policies/:documentType',
        'PUT',
        '/api/v1/cloud-storage/policies/invoices',
        { storageLocation: 'supabase' },
      ],
    ];
    const problems: string[] = [];
    for (const [key, method, url, body] of calls) {
      const problem = await contractProblem(key, await client.call(method, url, body));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('match what a holiday request submission answers', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('alice@northwind.example');
    const res = await client.post('/api/v1/holidays/requests', {
      startDate: '2031-03-03',
      endDate: '2031-03-04',
      reason: 'openapi contract check',
    });
    expect(await contractProblem('POST /api/v1/holidays/requests', res)).toBeNull();
  });
});
