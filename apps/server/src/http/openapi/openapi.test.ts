/**
 * GET /api/openapi.json: generated from the route declarations alone (ADR 0075), valid OpenAPI 3.1,
 * complete against the router, every answer typed, public operations marked public, and truthful
 * about what the routes answer.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import serverPackage from '../../../package.json' with { type: 'json' };
import { httpClient, type Json, json, useTestApp } from '../../../test/test-context.ts';
import { SESSION_SCHEME } from './openapi.routes.ts';

const testApp = useTestApp();

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Json>; securitySchemes: Record<string, Json> };
  security: Record<string, string[]>[];
}

let doc: Document;
let res: Response;

beforeAll(async () => {
  res = await testApp.app.app.request('/api/openapi.json');
  doc = await json(res.clone());
});

function operations(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** The router's own list of what it serves under /api, in OpenAPI path syntax. */
function routerKeys(): string[] {
  const keys = testApp.app.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && r.path !== '/api/bench/ceiling')
    // The storage route's wildcard is its object key (the one route whose parameter may hold `/`).
    .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{key}')}`);
  return [...new Set(keys)].sort();
}

/** Every object in a JSON tree, with where it is. */
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
  it('is served without a session, cacheable, named after the server package', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: serverPackage.description, version: serverPackage.version });
  });

  it('is valid OpenAPI 3.1 (validated against the official schema)', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every method and path the router serves under /api, and nothing else', () => {
    const documented = operations(doc)
      .map((o) => o.key)
      .sort();
    expect(documented).toEqual(routerKeys());
    expect(documented.length).toBeGreaterThan(80);
  });

  it('types every answer: each JSON object schema names its properties (no bare `object`)', () => {
    const bare: string[] = [];
    for (const { key, operation } of operations(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status !== '204') expect(response.content, `${key} ${status}`).toBeDefined();
        for (const [at, node] of walk(response.content ?? {}, `${key} ${status}`)) {
          if (node.type === 'object' && !node.properties && !node.additionalProperties) bare.push(at);
          if (at.endsWith('/schema') && Object.keys(node).length === 0) bare.push(at);
        }
      }
    }
    for (const [at, node] of walk(doc.components.schemas ?? {}, '#/components/schemas')) {
      if (node.type === 'object' && !node.properties && !node.additionalProperties) bare.push(at);
    }
    expect(bare).toEqual([]);
  });

  it('marks public operations with `security: []` and leaves the session on every other', () => {
    expect(doc.security).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(doc.components.securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const publicOps = operations(doc)
      .filter((o) => Array.isArray(o.operation.security) && o.operation.security.length === 0)
      .map((o) => o.key)
      .sort();
    expect(publicOps).toEqual(
      [
        'GET /api/health',
        'GET /api/ical/{file}',
        'POST /api/slack/interactions',
        'GET /api/openapi.json',
        'GET /api/storage/{bucket}/{key}',
        'POST /api/auth/request-password-reset',
        'POST /api/auth/reset-password',
        'POST /api/auth/send-verification-email',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/sign-up/email',
        'POST /api/v1/cross-app/exchange',
      ].sort(),
    );
    for (const { key, operation } of operations(doc)) {
      if (!publicOps.includes(key)) expect(operation.security, key).toBeUndefined();
      if (!publicOps.includes(key)) expect(Object.keys(operation.responses), key).toContain('401');
    }
  });

  it('declares every path parameter as required', () => {
    for (const { key, path, operation } of operations(doc)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), key).toEqual(names.sort());
      for (const p of declared) expect(p.required, `${key} ${p.name}`).toBe(true);
    }
  });

  it('carries request bodies and queries from the declarations, and one shared error body', () => {
    const submit = doc.paths['/api/v1/holidays/requests']?.post;
    const body = submit?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(expect.arrayContaining(['startDate', 'endDate']));
    const calendar = doc.paths['/api/v1/holidays/calendar']?.get;
    expect(calendar?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'month', in: 'query', required: true })]),
    );
    expect(doc.components.schemas?.ErrorBody).toBeDefined();
    expect(submit?.responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });
});

describe('documented answers are what the routes answer', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  /** The documented JSON schema of an operation's answer with this status, `$ref`s into the document. */
  function schemaOf(method: string, path: string, status: number): Json {
    const schema =
      doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']
        ?.schema;
    expect(schema, `${method} ${path} ${status}`).toBeDefined();
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
  }

  async function problem(method: string, path: string, answer: Response): Promise<string | null> {
    if (!ajv.getSchema('doc')) ajv.addSchema({ $id: 'doc', components: doc.components });
    const body: Json = await answer.json();
    const validate = ajv.compile(schemaOf(method, path, answer.status));
    return validate(body) ? null : `${method} ${path}: ${ajv.errorsText(validate.errors)}`;
  }

  /** Query strings for the GET routes whose query has required fields. */
  const SAMPLE_QUERIES: Record<string, string> = {
    '/api/v1/holidays/working-days': '?start=2031-03-03&end=2031-03-07',
    '/api/v1/holidays/calendar': '?month=2031-03',
    '/api/v1/holidays/calendar/day': '?date=2031-03-03',
    '/api/v1/holidays/public-holidays': '?year=2031',
    '/api/v1/workshop/job-page': '?list=orders&offset=0&limit=5',
  };

  it('for every parameterless JSON GET route, as a developer', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('dev@northwind.example');
    const problems: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of operations(doc)) {
      if (
        method !== 'GET' ||
        path.includes('{') ||
        !operation.responses['200']?.content?.['application/json']
      )
        continue;
      if (path === '/api/openapi.json') continue;
      const answer = await client.get(`${path}${SAMPLE_QUERIES[path] ?? ''}`);
      expect(answer.status, path).toBe(200);
      checked++;
      const found = await problem(method, path, answer);
      if (found) problems.push(found);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });

  it('for changes and errors', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('dev@northwind.example');
    const created = await client.post('/api/v1/employees', {
      fullName: 'Contract Check',
      email: 'contract.check@northwind.example',
      position: 'Tester',
      employeeNumber: 'OA-1',
      startDate: '2026-01-05',
    });
    expect(await problem('POST', '/api/v1/employees', created.clone())).toBeNull();
    const employeeId = (await json(created)).id as string;
    const calls: [method: string, path: string, url: string, body?: unknown][] = [
      ['DELETE', '/api/v1/employees/{id}', `/api/v1/employees/${employeeId}`],
      ['DELETE', '/api/v1/slack/connection', '/api/v1/slack/connection'],
      ['PUT', '/api/v1/cloud-storage/enabled', '/api/v1/cloud-storage/enabled', { enabled: false }],
      [
        'PUT',
        '/api/v1/cloud-storage/policies/{documentType}',
        '/api/v1/cloud-storage/policies/invoices',
        { storageLocation: 'supabase' },
      ],
      ['POST', '/api/v1/notifications/read-all', '/api/v1/notifications/read-all'],
      ['POST', '/api/v1/holidays/requests', '/api/v1/holidays/requests', { startDate: 'x' }],
      ['GET', '/api/v1/employees/{id}', `/api/v1/employees/${employeeId}`],
    ];
    const problems: string[] = [];
    for (const [method, path, url, body] of calls) {
      const found = await problem(method, path, await client.call(method, url, body));
      if (found) problems.push(found);
    }
    expect(problems).toEqual([]);
  });
});
