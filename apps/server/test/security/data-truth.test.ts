/**
 * Security cases of "Data shown must be true" (issue "Every screen right at every width"): the demo
 * jobs' SOP documents and photos are real stored files, readable only by members of their company;
 * ordering a part the component database does not know is a clear 400, never a stuck job or a 500.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { httpClient, json, useTestApp } from '../test-context.ts';

const t = useTestApp();

async function documentUrls(): Promise<string[]> {
  const rows = rowsOf<{ url: string }>(
    await t.app.admin.execute(sql`
      select jsonb_array_elements_text(b.sop_documents::jsonb || b.photos::jsonb) as url from bom_products b
      join companies c on c.id = b.company_id where c.name like 'Northwind%'`),
  );
  return rows.map((r) => r.url);
}

describe('seeded job documents', () => {
  it('answer 401 without a session, 404 to another company, and refuse a key outside the company', async () => {
    const urls = await documentUrls();
    expect(urls.length).toBeGreaterThan(0);
    const anonymous = httpClient(t.app.app);
    const other = httpClient(t.app.app);
    await other.signIn('sam@southbank.example');
    for (const url of urls) {
      expect((await anonymous.get(url)).status, url).toBe(401);
      expect((await other.get(url)).status, url).toBe(404);
    }
    const member = httpClient(t.app.app);
    await member.signIn('tom@northwind.example');
    const key = new URL(urls[0] as string, 'http://x').searchParams.get('key') as string;
    const [companyId] = key.split('/');
    for (const bad of [
      `${companyId}/../${key}`,
      `${companyId}/workshop/%2e%2e/%2e%2e/etc/passwd`,
      key.replace(companyId as string, '00000000-0000-4000-8000-000000000000'),
    ]) {
      const res = await member.get(`/api/v1/documents/file?key=${encodeURIComponent(bad)}`);
      expect([400, 404], bad).toContain(res.status);
    }
  });
});

describe('ordering a part unknown to the component database', () => {
  it('is a 400 with the reason, and the work order is unchanged', async () => {
    const db = t.app.admin;
    const [row] = rowsOf<{ company_id: string }>(
      await db.execute(sql`select id as company_id from companies where name like 'Northwind%'`),
    );
    const companyId = row?.company_id as string;
    const productId = crypto.randomUUID();
    const jobId = crypto.randomUUID();
    await db.execute(sql`insert into bom_products (id, company_id, product_code, product_name, c1, q1)
      values (${productId}, ${companyId}, 'GHOST', 'Ghost product', 'NOT-IN-DB-1', 1)`);
    await db.execute(sql`insert into work_orders (id, company_id, product_id, product_code, product_name,
      work_order_number, quantity_required) values (${jobId}, ${companyId}, ${productId}, 'GHOST', 'Ghost product', 'WO-GHOST', 1)`);
    const owner = httpClient(t.app.app);
    await owner.signIn('owner@northwind.example');
    const res = await owner.post(`/api/v1/workshop/jobs/${jobId}/parts/1/order`, { quantity: 1 });
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('VALIDATION_ERROR');
    const [after] = rowsOf<{ entries: unknown[] | null }>(
      await db.execute(sql`select parts_procurement_status as entries from work_orders where id = ${jobId}`),
    );
    expect(after?.entries ?? []).toEqual([]);
  });
});
