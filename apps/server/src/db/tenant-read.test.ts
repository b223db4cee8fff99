/**
 * One-statement reads in one round trip (ADR 0150): the same rows as `withTenant`, the tenant fenced
 * by row-level security, parameters read exactly as parameters, read-only, and no role or tenant left
 * on a pooled connection after a read or a failed one (on PostgreSQL; PGlite runs `withTenant`).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl, useTestApp } from '../../test/test-context.ts';
import { rowsOf } from './client.ts';
import { prepareRepeatedStatements, statementName } from './prepared-statements.ts';
import { withTenant } from './tenant.ts';
import { readWithTenant, runTenantRead } from './tenant-read.ts';

describe('runTenantRead on the wire', () => {
  /** A stand-in for a pg client: submits the query to a connection that records its messages. */
  function wire(prepared: Record<string, string> = {}) {
    const messages: string[] = [];
    const connection = {
      stream: { cork: () => messages.push('cork'), uncork: () => messages.push('uncork') },
      parsedStatements: { ...prepared },
      submittedNamedStatements: {},
      parse: (m: { name: string }) => messages.push(`parse ${m.name}`),
      bind: (m: { statement: string }) => messages.push(`bind ${m.statement}`),
      describe: () => messages.push('describe'),
      execute: () => messages.push('execute'),
      sync: () => messages.push('sync'),
      flush: () => messages.push('flush'),
    };
    let submitted: Error | null = null;
    const client = {
      query(query: { submit: (c: typeof connection) => Error | null }) {
        submitted = query.submit(connection);
        return query;
      },
    };
    prepareRepeatedStatements(client as unknown as pg.PoolClient);
    return { client: client as unknown as pg.PoolClient, messages, submitted: () => submitted };
  }

  it('writes the set-up and the read, prepared by name once, with one Sync, in one corked write', () => {
    const text = 'select $1::int as n';
    const first = wire();
    void runTenantRead(first.client, "select set_config('role', 'app_user', true)", text, [1]);
    const name = statementName(text);
    expect(first.messages).toEqual([
      'cork',
      'parse ',
      'bind ',
      'execute',
      'cork',
      `parse ${name}`,
      `bind ${name}`,
      'describe',
      'execute',
      'sync',
      'uncork',
      'uncork',
    ]);
    const again = wire({ [name]: text });
    void runTenantRead(again.client, "select set_config('role', 'app_user', true)", text, [1]);
    expect(again.messages.filter((m) => m.startsWith('parse'))).toEqual(['parse ']);
  });

  it('writes nothing when the name is prepared for another text (no set-up left without its Sync)', () => {
    const text = 'select $1::int as n';
    const clash = wire({ [statementName(text)]: 'select 2' });
    void runTenantRead(clash.client, "select set_config('role', 'app_user', true)", text, [1]);
    expect(clash.submitted()).toBeInstanceOf(Error);
    expect(clash.messages).toEqual([]);
  });
});

describe('readWithTenant', () => {
  const t = useTestApp();
  let northwind: string;
  let southbank: string;
  beforeAll(async () => {
    const rows = rowsOf<{ id: string; name: string }>(
      await t.app.admin.execute(sql`select id, name from companies`),
    );
    northwind = rows.find((r) => r.name.startsWith('Northwind'))?.id as string;
    southbank = rows.find((r) => r.name.startsWith('Southbank'))?.id as string;
  });
  const tenant = (companyId: string) => ({ companyId, userId: null, role: 'super_admin' as const });

  it('returns the rows withTenant returns: dates, times, numbers, booleans, json, arrays', async () => {
    const query = sql`
      select r.id, r.start_date, r.end_date, r.submitted_at, r.reviewed_at, r.status, r.working_days, r.start_half_day,
        e.full_name, (select count(*) from holiday_requests) as total, json_build_object('id', r.id) as j,
        array[r.start_date] as dates, array[1, 2] as ints
      from holiday_requests r join employee_records e on e.id = r.employee_record_id
      where r.company_id = ${northwind} and r.start_date >= ${'2000-01-01'}::date and r.working_days >= ${0}
      order by r.id limit ${20}`;
    const expected = await withTenant(t.app.database.db, tenant(northwind), async (tx) =>
      rowsOf(await tx.execute(query)),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await readWithTenant(t.app.database.db, tenant(northwind), query)).toEqual(expected);
  });

  it('runs the read as the serving role in the tenant, read-only, and many at once each in its own', async () => {
    const reads = Array.from({ length: 24 }, (_, i) => (i % 2 ? northwind : southbank));
    const answers = await Promise.all(
      reads.map((company) =>
        readWithTenant<{ company: string; user: string; ro: string; n: number }>(
          t.app.database.db,
          tenant(company),
          sql`select current_setting('app.company_id') as company, current_user as "user",
            current_setting('transaction_read_only') as ro,
            (select count(*)::int from employee_records where company_id = ${company}) as n`,
        ),
      ),
    );
    const counts = new Map<string, number>();
    for (const [i, [row]] of answers.entries()) {
      expect(row?.company).toBe(reads[i]);
      expect(row?.user).toBe('app_user');
      if (postgresUrl) expect(row?.ro).toBe('on');
      expect(row?.n).toBeGreaterThan(0);
      counts.set(row?.company as string, row?.n as number);
    }
    for (const [i, [row]] of answers.entries()) expect(row?.n).toBe(counts.get(reads[i] as string));
    // A statement without parameters (sent unnamed) too.
    expect(await readWithTenant(t.app.database.db, tenant(northwind), sql`select 1 as one`)).toEqual([
      { one: 1 },
    ]);
  });

  it.runIf(postgresUrl)('sends one query with one Sync, its statement prepared by name', async () => {
    const { db } = t.app.database;
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const sent: unknown[] = [];
    const record = (client: pg.PoolClient) => {
      const original = client.query;
      client.query = ((...args: unknown[]) => {
        sent.push(args[0]);
        return (original as (...a: unknown[]) => unknown).apply(client, args);
      }) as typeof client.query;
      return () => {
        client.query = original;
      };
    };
    const restore: Array<() => void> = [];
    const onAcquire = (client: pg.PoolClient) => restore.push(record(client));
    pool.on('acquire', onAcquire);
    const query = sql`select name from pg_prepared_statements where name like ${'hr_%'}`;
    try {
      await readWithTenant(db, tenant(northwind), query);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toBeInstanceOf(pg.Query);
    } finally {
      pool.off('acquire', onAcquire);
      for (const undo of restore) undo();
    }
    const ownName = statementName(new PgDialect().sqlToQuery(query).sql);
    // Every connection of the pool runs it at least once: each has prepared it by then.
    for (let i = 0; i < 8; i++) {
      const names = await Promise.all(
        Array.from({ length: 4 }, () => readWithTenant<{ name: string }>(db, tenant(northwind), query)),
      );
      if (i > 0) for (const rows of names) expect(rows.map((r) => r.name)).toContain(ownName);
    }
  });

  it('shows a company only its own rows', async () => {
    const mine = await readWithTenant<{ company_id: string }>(
      t.app.database.db,
      tenant(southbank),
      sql`select company_id from employee_records`,
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.company_id))).toEqual(new Set([southbank]));
    expect(
      await readWithTenant(
        t.app.database.db,
        tenant(southbank),
        sql`select id from employee_records where company_id = ${northwind}`,
      ),
    ).toEqual([]);
  });

  it('reads a parameter exactly as sent, whatever its characters', async () => {
    for (const value of ["it's", "a\\'; select 1; --", '$1 $$ /* -- */ "x"', 'é ☃ \t\n', '']) {
      const [row] = await readWithTenant<{ v: string }>(
        t.app.database.db,
        tenant(northwind),
        sql`select ${value}::text as v`,
      );
      expect(row?.v).toBe(value);
    }
  });

  it.runIf(postgresUrl)('refuses to write', async () => {
    await expect(
      readWithTenant(
        t.app.database.db,
        tenant(northwind),
        sql`update employee_records set full_name = full_name where company_id = ${northwind}`,
      ),
    ).rejects.toThrow(/read-only/);
  });

  it('leaves no role and no tenant on the pooled connections, after a read or a failed one', async () => {
    const { db } = t.app.database;
    await readWithTenant(db, tenant(northwind), sql`select ${1}::int as one`);
    await expect(readWithTenant(db, tenant(northwind), sql`select 1 / ${0}::int`)).rejects.toThrow();
    await expect(
      readWithTenant(db, tenant(northwind), sql`select * from auth_users where id = ${northwind}`),
    ).rejects.toThrow();
    // Every connection of the pool (the test pool has four) at once, outside any transaction.
    const states = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.execute(
          sql`select current_user as "user", coalesce(current_setting('app.company_id', true), '') as company,
            current_setting('transaction_read_only') as ro, pg_sleep(0.05)::text`,
        ),
      ),
    );
    for (const result of states) {
      const [state] = rowsOf<{ user: string; company: string; ro: string }>(result);
      expect(state?.user).not.toBe('app_user');
      expect(state?.company).toBe('');
      expect(state?.ro).toBe('off');
    }
  });
});
