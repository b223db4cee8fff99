/**
 * Tenant isolation matrix: a signed-in Southbank owner calls every `/api/v1` route the router knows
 * with Northwind's ids in every path parameter, query and body. Nothing of Northwind may come back
 * or change, and nothing may crash.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { httpClient, useTestApp } from '../test-context.ts';
import { bodiesFor, genericBody, hasKnownBody } from './bodies.ts';
import {
  bodyText,
  collectIds,
  companyIdByName,
  concreteUrls,
  expectErrorShape,
  isCrash,
  note,
  paramNames,
  productRoutes,
  snapshotCompany,
  WRITE_METHODS,
} from './support.ts';

const testApp = useTestApp();

interface Outcome {
  call: string;
  status: number;
  text: string;
  hasParams: boolean;
}

let northwind: string;
let northwindIds: Map<string, string[]>;
let markers: string[];

beforeAll(async () => {
  const db = testApp.app.admin;
  northwind = await companyIdByName(db, 'Northwind');
  northwindIds = await collectIds(db, northwind);
  // Everything that would show Northwind data in a response: its ids, its e-mail domain, its name.
  markers = [...new Set([...northwindIds.values()].flat()), '@northwind.example', 'Northwind'];
});

describe('tenant isolation matrix over every product route', () => {
  it('never lets a Southbank user read or change Northwind through any route', async () => {
    const { app, admin } = testApp.app;
    const routes = productRoutes(app);
    expect(routes.length).toBeGreaterThan(5);
    const before = await snapshotCompany(admin, northwind);
    expect(before.employee_records?.count).toBeGreaterThan(0);
    expect(before.holiday_requests?.count).toBeGreaterThan(0);

    const client = httpClient(app);
    await client.signIn('owner@southbank.example');
    const idQuery = new URLSearchParams(
      Object.entries(genericBody(northwindIds)).filter(([, v]) => typeof v === 'string') as [
        string,
        string,
      ][],
    );
    // A day and month on which Northwind has someone away, for the routes that read by date.
    const [away] = rowsOf<{ day: string }>(
      await admin.execute(
        sql`select to_char(start_date, 'YYYY-MM-DD') as day from holiday_requests where company_id = ${northwind} and status = 'approved' order by start_date limit 1`,
      ),
    );
    const awayDay = away?.day ?? '';
    expect(awayDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    idQuery.set('date', awayDay);
    idQuery.set('month', awayDay.slice(0, 7));

    const outcomes: Outcome[] = [];
    for (const route of routes) {
      if (WRITE_METHODS.has(route.method) && !hasKnownBody(route.method, route.path)) {
        note(
          `${route.method} ${route.path}: no route-specific body yet, sent the generic id-laden body and {}`,
        );
      }
      for (const url of concreteUrls(route, northwindIds)) {
        const hasParams = paramNames(route.path).length > 0;
        const attempts: { target: string; body?: unknown }[] = WRITE_METHODS.has(route.method)
          ? bodiesFor(route.method, route.path, northwindIds).map((body) => ({ target: url, body }))
          : [{ target: url }, { target: `${url}?${idQuery}` }];
        for (const { target, body } of attempts) {
          const res = await client.call(route.method, target, body);
          outcomes.push({
            call: `${route.method} ${target} ${body === undefined ? '' : JSON.stringify(body).slice(0, 80)}`,
            status: res.status,
            text: await bodyText(res),
            hasParams,
          });
        }
      }
    }

    for (const o of outcomes) {
      expect(isCrash(o.status, o.text), `${o.call} crashed: ${o.status} ${o.text.slice(0, 200)}`).toBe(false);
      if (o.status >= 400) expectErrorShape(o.text, o.call);
      // Naming a Northwind row in the path is always refused.
      if (o.hasParams) expect([400, 403, 404, 409], `${o.call} -> ${o.status}`).toContain(o.status);
      if (o.status < 300) {
        for (const marker of markers) {
          expect(o.text.includes(marker), `${o.call} leaked ${marker}: ${o.text.slice(0, 300)}`).toBe(false);
        }
      }
    }
    // The calendar routes really read that day and month (an answer, not a 400 about the query).
    const calendar = outcomes.filter((o) => /^GET \/api\/v1\/holidays\/calendar(\/day)?\?/.test(o.call));
    expect(calendar.length).toBeGreaterThanOrEqual(2);
    for (const o of calendar) expect(o.status, o.call).toBe(200);
    expect(await snapshotCompany(admin, northwind)).toEqual(before);
  });
});
