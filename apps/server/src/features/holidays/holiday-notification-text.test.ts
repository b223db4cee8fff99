import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

/** Notification texts count working days in good English; dates stay yyyy-MM-dd for the browser to localise. */
const t = useTestApp();

describe('holiday notification texts', () => {
  it('a one-day request says "1 working day", a longer one "working days"', async () => {
    const alice = httpClient(t.app.app);
    await alice.signIn('alice@northwind.example');
    const monday = clearMondayFrom(addDays(isoDate(new Date()), 120), 'england-and-wales', 2);
    for (const [start, end] of [
      [monday, monday],
      [addDays(monday, 7), addDays(monday, 9)],
    ] as const) {
      const res = await alice.post('/api/v1/holidays/requests', {
        startDate: start,
        endDate: end,
        holidayType: 'annual',
      });
      expect(res.status).toBe(201);
      expect((await json(res)).status).toBe('pending');
    }
    const messages = rowsOf<{ message: string }>(
      await t.app.admin.execute(
        sql`select n.message from notifications n join auth_users u on u.id = n.user_id
            where u.email = 'manager@northwind.example' and n.message like ${`%${monday}%`}
               or n.message like ${`%${addDays(monday, 7)}%`}`,
      ),
    ).map((r) => r.message);
    expect(messages).toContain(`Alice Anders requested Annual Leave, ${monday} (1 working day).`);
    expect(messages).toContain(
      `Alice Anders requested Annual Leave, ${addDays(monday, 7)} to ${addDays(monday, 9)} (3 working days).`,
    );
    expect(messages.some((m) => m.includes('1 working days'))).toBe(false);
  });
});
