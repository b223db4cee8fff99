import { EMPLOYEE_MESSAGES, isFullNameColumnMissing } from '@hr/shared/hr/employees.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';

/** Spec section 8: the list's load error when employee_records has no full_name column (a migration not run). */
const t = useTestApp();

describe('employee list without the full_name column', () => {
  it('answers 503 MIGRATION_PENDING with a message the screen recognises, not a 500', async () => {
    const owner = httpClient(t.app.app);
    await owner.signIn('owner@northwind.example');
    expect((await owner.get('/api/v1/employees')).status).toBe(200);
    const db = t.app.database.db;
    await db.execute(sql`alter table employee_records rename column full_name to full_name_pending`);
    try {
      const res = await owner.get('/api/v1/employees?search=a');
      expect(res.status).toBe(503);
      const { error } = await json(res);
      expect(error).toEqual({ code: 'MIGRATION_PENDING', message: EMPLOYEE_MESSAGES.fullNameColumnMissing });
      expect(isFullNameColumnMissing(error.message)).toBe(true);
    } finally {
      await db.execute(sql`alter table employee_records rename column full_name_pending to full_name`);
    }
    expect((await owner.get('/api/v1/employees?search=b')).status).toBe(200);
  });
});
