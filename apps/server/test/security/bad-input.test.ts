/**
 * Bad input, property-based: every write route that reads a JSON body gets wrong types, huge strings,
 * deep nesting, odd unicode, prototype-pollution keys and malformed JSON; every read route gets odd
 * query strings. Never a 500, always the error shape, nothing written.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, useTestApp } from '../test-context.ts';
import { knownBody, REQUIRED_KEYS } from './bodies.ts';
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
  const { db } = testApp.app.database;
  companies = [await companyIdByName(db, 'Northwind'), await companyIdByName(db, 'Southbank')];
  ids = await collectIds(db, companies[0] as string);
});

async function snapshotAll(): Promise<Snapshot[]> {
  const { db } = testApp.app.database;
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
});
