/**
 * Bad input, property-based: every write route that reads a JSON body gets wrong types, huge strings,
 * deep nesting, odd unicode, prototype-pollution keys and malformed JSON; every read route gets odd
 * query strings. Never a 500, always the error shape, nothing written. NUL characters (which
 * PostgreSQL refuses in text), extreme dates (year 0000, 275760, 9999, negative years) and `%00` in
 * query strings get their own arms, sent in bodies and queries the contracts otherwise accept.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, useTestApp } from '../test-context.ts';
import { DATE_KEYS, genericBody, knownBody, REQUIRED_KEYS, validBody } from './bodies.ts';
import {
  bodyText,
  collectIds,
  companyIdByName,
  expectErrorShape,
  isCrash,
  note,
  type ProductRoute,
  productRoutes,
  type Snapshot,
  snapshotCompany,
  WRITE_METHODS,
} from './support.ts';

const testApp = useTestApp();
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const RUNS_PER_ROUTE = 40;
const QUERY_RUNS_PER_ROUTE = 15;

let companies: string[];
let ids: Map<string, string[]>;

beforeAll(async () => {
  const db = testApp.app.admin;
  companies = [await companyIdByName(db, 'Northwind'), await companyIdByName(db, 'Southbank')];
  ids = await collectIds(db, companies[0] as string);
});

async function snapshotAll(): Promise<Snapshot[]> {
  const db = testApp.app.admin;
  return Promise.all(companies.map((id) => snapshotCompany(db, id)));
}

/** A nested JSON text `depth` levels deep, built as text so building it cannot overflow the stack. */
const deepJson = (depth: number, open: string, close: string) =>
  `${open.repeat(depth)}1${close.repeat(depth)}`;

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

const oddString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('\u0000', '\uD800', '\u202E', 'ﷺ'.repeat(300), "'; drop table companies; --", '<script>'),
  fc.integer({ min: 201, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

/** A string with a NUL character somewhere in it. */
const nulString = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([a, b]) => `${a}\u0000${b}`);

/** Dates JavaScript or PostgreSQL choke on, or that no HR record can mean. */
const EXTREME_DATES = [
  '0000-01-01',
  '275760-09-13',
  '+275760-09-13',
  '9999-12-31',
  '-000001-01-01',
  '0001-01-01',
  '1899-12-31',
  '10000-01-01',
  '2026-02-30',
];
const EXTREME_MONTHS = ['0000-01', '275760-09', '9999-12', '-000001-01', '0001-01'];
const extremeDate = fc.constantFrom(...EXTREME_DATES, ...EXTREME_MONTHS);

/** Raw query strings with `%00` (and odd dates) as a browser would never send them. */
const RAW_NUL_QUERIES = [
  'search=%00',
  'search=abc%00def',
  'q=%00',
  '%00=1',
  'month=%00',
  'date=2026-01-01%00',
  'limit=1%00',
  'month=0000-01',
  'date=275760-09-13',
  'date=-000001-01-01',
  'start=0000-01-01&end=9999-12-31',
];

/** Values for path parameters that are names rather than ids, so a body reaches its parser. */
const NAMED_PARAMS: Record<string, string> = {
  provider: 'microsoft',
  documentType: 'invoices',
  index: '0',
};

const pollution = fc.constantFrom(
  '{"__proto__":{"isAdmin":true,"role":"developer"}}',
  '{"constructor":{"prototype":{"role":"developer"}}}',
  '{"__proto__":null,"companyId":"x"}',
  '[{"__proto__":{"polluted":1}}]',
);

const malformed = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'undefined', "{'a':1}", '{"a":1,}', 'NaN', '\u0000', '{"a":"\\u12"}'),
  fc.string({ maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

const huge = fc.oneof(
  fc.constant(JSON.stringify({ a: 'x'.repeat(70_000) })),
  fc.constant(deepJson(5_000, '[', ']')),
  fc.constant(deepJson(2_000, '{"a":', '}')),
  fc.constant(JSON.stringify(Array.from({ length: 5_000 }, (_, i) => ({ i })))),
);

/** Raw body texts for one route: its own body with a required field broken, and everything else. */
function bodyArbitrary(route: ProductRoute): fc.Arbitrary<string> {
  const key = `${route.method} ${route.path}`;
  const base = knownBody(route.method, route.path, ids) ?? {};
  const required = REQUIRED_KEYS[key] ?? [];
  const parts: fc.Arbitrary<string>[] = [
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    pollution,
    malformed,
    huge,
    fc.dictionary(oddString, fc.oneof(oddString, wrongType), { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  ];
  if (required.length) {
    parts.push(
      fc
        .tuple(fc.constantFrom(...required), fc.oneof(wrongType, oddString))
        .filter(([, v]) => typeof v !== 'string' || v.length > 200 || !/\d/.test(v))
        .map(([k, v]) => JSON.stringify({ ...base, [k]: v })),
      fc
        .tuple(fc.constantFrom(...required), pollution)
        .map(([k, p]) => JSON.stringify({ ...base, [k]: undefined }).replace(/^\{/, `${p.slice(1, -1)},`)),
    );
  }
  return fc.oneof(...parts);
}

/** Paths to every string leaf of a JSON value (keys and array indexes). */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy;
}

/**
 * Bodies that are fine but for one NUL character or one extreme date: a valid body with one string
 * field (or date field) replaced, or, for a route the suite has no valid body for, its generic body
 * with NUL keys and values.
 */
function nulAndDateArbitrary(route: ProductRoute): fc.Arbitrary<string> {
  const base = validBody(route.method, route.path, ids);
  const parts: fc.Arbitrary<string>[] = [
    fc.tuple(nulString, nulString).map(([k, v]) => JSON.stringify({ ...genericBody(ids), [k]: v, note: v })),
  ];
  const leaves = base ? stringLeaves(base) : [];
  if (base && leaves.length) {
    parts.push(
      fc
        .tuple(fc.constantFrom(...leaves), nulString)
        .map(([path, v]) => JSON.stringify(withLeaf(base, path, v))),
    );
  }
  const dates = leaves.filter((p) => DATE_KEYS.has(String(p.at(-1))));
  if (base && dates.length) {
    parts.push(
      fc
        .tuple(fc.constantFrom(...dates), extremeDate)
        .map(([path, v]) => JSON.stringify(withLeaf(base, path, v))),
    );
  }
  return fc.oneof(...parts);
}

describe('bad input on every JSON route', () => {
  it('never crashes, always answers the error shape and writes nothing', async () => {
    const { app } = testApp.app;
    const client = httpClient(app);
    // The developer passes every role and section gate, so each body reaches its parser.
    await client.signIn('dev@northwind.example');
    const writeRoutes = productRoutes(app).filter((r) => WRITE_METHODS.has(r.method));
    expect(writeRoutes.length).toBeGreaterThan(3);

    // Path ids name nothing: a body that slipped through validation still could not change a row.
    const urlOf = (r: ProductRoute) => r.path.replace(/:[A-Za-z_]+/g, NOWHERE);
    const jsonRoutes: ProductRoute[] = [];
    const skipped: string[] = [];
    for (const route of writeRoutes) {
      if (route.method === 'DELETE' && !route.path.includes(':')) {
        skipped.push(`${route.method} ${route.path} (a DELETE without a path id takes no body)`);
        continue;
      }
      // A route reads JSON when malformed JSON is refused as such.
      const probe = await client.call(route.method, urlOf(route), '{');
      const text = await bodyText(probe);
      if (probe.status === 400 && text.includes('Malformed JSON')) jsonRoutes.push(route);
      else skipped.push(`${route.method} ${route.path} (reads no JSON body: ${probe.status})`);
    }
    if (skipped.length) note(`bad-input fuzzing left out: ${skipped.join('; ')}`);
    expect(jsonRoutes.length).toBeGreaterThan(3);

    const before = await snapshotAll();
    for (const route of jsonRoutes) {
      await fc.assert(
        fc.asyncProperty(bodyArbitrary(route), async (raw) => {
          const res = await client.call(route.method, urlOf(route), raw);
          const text = await bodyText(res);
          const label = `${route.method} ${route.path} with ${raw.slice(0, 120)}`;
          expect(res.status, `${label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(isCrash(res.status, text), `${label}: ${res.status} ${text.slice(0, 200)}`).toBe(false);
          expectErrorShape(text, label);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 8 },
      );
    }
    expect(await snapshotAll()).toEqual(before);
    // No prototype of the server process was polluted on the way.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('answers odd query strings on every read route without a crash', async () => {
    const { app } = testApp.app;
    const client = httpClient(app);
    await client.signIn('owner@northwind.example');
    const readRoutes = productRoutes(app).filter((r) => r.method === 'GET');
    expect(readRoutes.length).toBeGreaterThan(3);
    const before = await snapshotAll();
    for (const route of readRoutes) {
      const url = route.path.replace(/:[A-Za-z_]+/g, NOWHERE);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(
              'page',
              'after',
              'limit',
              'search',
              'month',
              'start',
              'end',
              'q',
              'status',
              '__proto__',
              'x',
            ),
            oddString,
            { maxKeys: 4 },
          ),
          async (query) => {
            const qs = new URLSearchParams(query).toString();
            const res = await client.get(`${url}?${qs}`);
            const text = await bodyText(res);
            const label = `GET ${url}?${qs.slice(0, 120)}`;
            expect(isCrash(res.status, text), `${label}: ${res.status} ${text.slice(0, 200)}`).toBe(false);
            if (res.status >= 400) expectErrorShape(text, label);
          },
        ),
        { numRuns: QUERY_RUNS_PER_ROUTE, seed: 8 },
      );
    }
    expect(await snapshotAll()).toEqual(before);
  });
  it("answers a number out of range in any read route's query in words, never in zod's", async () => {
    const { app } = testApp.app;
    const client = httpClient(app);
    await client.signIn('owner@northwind.example');
    const readRoutes = productRoutes(app).filter((r) => r.method === 'GET');
    // zod's own wording ("Too big: expected number to be <=200", "Invalid input: expected number,
    // received NaN") is no answer for a person: every such parameter carries its own message. The
    // route's other parameters are missing, so a required one's message is checked too.
    const zodWording = /Too (big|small)|expected|Invalid input/;
    const bad = ['0', '-1', 'abc', '1.5', '1e9', '99999999999999'];
    const refused: string[] = [];
    for (const route of readRoutes) {
      const url = route.path.replace(/:[A-Za-z_]+/g, NOWHERE);
      for (const name of ['page', 'pageSize', 'limit', 'offset', 'year']) {
        for (const value of bad) {
          const res = await client.get(`${url}?${name}=${value}`);
          if (res.status !== 400) continue;
          const { error } = JSON.parse(await bodyText(res)) as {
            error: { message: string; fields?: Record<string, string> };
          };
          for (const [field, text] of Object.entries(error.fields ?? {})) {
            expect(text, `GET ${url}?${name}=${value}: ${field}`).not.toMatch(zodWording);
          }
          expect(error.message, `GET ${url}?${name}=${value}`).not.toMatch(zodWording);
          if (error.fields?.[name]) refused.push(`${url}?${name}`);
        }
      }
    }
    // The check reached the parameters it is about.
    for (const expected of [
      '/api/v1/employees?page',
      '/api/v1/employees?pageSize',
      '/api/v1/holidays/approvals?limit',
      '/api/v1/holidays/calendar/day?offset',
      '/api/v1/holidays/requests?limit',
      '/api/v1/holidays/public-holidays?year',
    ]) {
      expect(refused, expected).toContain(expected);
    }
    const res = await client.get('/api/v1/employees?pageSize=5000');
    expect(JSON.parse(await bodyText(res)).error.fields).toEqual({
      pageSize: 'Page size must be a whole number from 1 to 200.',
    });
  });

  it('refuses NUL characters and extreme dates in every JSON body with a 4xx, writing nothing', async () => {
    const { app } = testApp.app;
    const client = httpClient(app);
    await client.signIn('dev@northwind.example');
    const urlOf = (r: ProductRoute) =>
      r.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => NAMED_PARAMS[name] ?? NOWHERE);
    const routes: ProductRoute[] = [];
    for (const route of productRoutes(app).filter((r) => WRITE_METHODS.has(r.method))) {
      // A route reads JSON when malformed JSON is refused as such.
      const probe = await client.call(route.method, urlOf(route), '{');
      if (probe.status === 400 && (await bodyText(probe)).includes('Malformed JSON')) routes.push(route);
    }
    const before = await snapshotAll();
    let withValidBody = 0;
    for (const route of routes) {
      if (validBody(route.method, route.path, ids)) withValidBody += 1;
      await fc.assert(
        fc.asyncProperty(nulAndDateArbitrary(route), async (raw) => {
          const res = await client.call(route.method, urlOf(route), raw);
          const text = await bodyText(res);
          const label = `${route.method} ${route.path} with ${JSON.stringify(raw.slice(0, 160))}`;
          expect(isCrash(res.status, text), `${label}: ${res.status} ${text.slice(0, 200)}`).toBe(false);
          expect(res.status, `${label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
          expectErrorShape(text, label);
        }),
        { numRuns: 25, seed: 11 },
      );
    }
    expect(withValidBody).toBeGreaterThan(10);
    expect(await snapshotAll()).toEqual(before);
  });

  it('answers NUL and extreme dates in the query of every read route with a 4xx or an answer, never a 500', async () => {
    const { app } = testApp.app;
    const client = httpClient(app);
    await client.signIn('owner@northwind.example');
    const readRoutes = productRoutes(app).filter((r) => r.method === 'GET');
    for (const route of readRoutes) {
      const url = route.path.replace(/:[A-Za-z_]+/g, NOWHERE);
      // `%00` as the browser would never send it, written into the URL as is.
      for (const raw of RAW_NUL_QUERIES) {
        const res = await client.get(`${url}?${raw}`);
        const text = await bodyText(res);
        const label = `GET ${url}?${raw}`;
        expect(isCrash(res.status, text), `${label}: ${res.status} ${text.slice(0, 200)}`).toBe(false);
        if (raw.includes('%00')) expect(res.status, `${label}: ${text.slice(0, 200)}`).toBe(400);
        if (res.status >= 400) expectErrorShape(text, label);
      }
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(
              'search',
              'q',
              'month',
              'date',
              'start',
              'end',
              'status',
              'limit',
              'offset',
              'list',
              // Issue 19's filters: reports, the audit trail, the employee search's leavers.
              'from',
              'to',
              'year',
              'page',
              'kind',
              // The employee list's page cursor (ADR 0115).
              'after',
            ),
            fc.oneof(nulString, extremeDate),
            { minKeys: 1, maxKeys: 3 },
          ),
          async (query) => {
            const qs = new URLSearchParams(query).toString();
            const res = await client.get(`${url}?${qs}`);
            const text = await bodyText(res);
            const label = `GET ${url}?${qs.slice(0, 160)}`;
            expect(isCrash(res.status, text), `${label}: ${res.status} ${text.slice(0, 200)}`).toBe(false);
            if (res.status >= 400) expectErrorShape(text, label);
          },
        ),
        { numRuns: QUERY_RUNS_PER_ROUTE, seed: 11 },
      );
    }
  });

  it('refuses %00 in the query of every route, whatever its method, before it runs', async () => {
    const { app } = testApp.app;
    const client = httpClient(app);
    await client.signIn('dev@northwind.example');
    const before = await snapshotAll();
    for (const route of productRoutes(app)) {
      const url = route.path.replace(/:[A-Za-z_]+/g, NOWHERE);
      const res = await client.call(
        route.method,
        `${url}?search=%00`,
        route.method === 'GET' ? undefined : '{}',
      );
      const text = await bodyText(res);
      expect(res.status, `${route.method} ${url}?search=%00: ${text.slice(0, 200)}`).toBe(400);
      expectErrorShape(text, `${route.method} ${url}`);
    }
    expect(await snapshotAll()).toEqual(before);
  });
});
