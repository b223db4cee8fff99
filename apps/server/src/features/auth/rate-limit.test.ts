import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';

const testApp = useTestApp();
const t = {
  get app() {
    return testApp.app.app;
  },
};
const restart = () => testApp.restart();

describe('rate limits stored in the database', () => {
  it('answers the 6th sign-up attempt within 15 minutes with 429, also after a restart', async () => {
    const client = httpClient(t.app);
    const body = { name: 'Spam', companyName: 'Spam Ltd', email: 'spam@example.com', password: 'weak' };
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/sign-up/email', body);
      expect(res.status).toBe(400);
    }
    const sixth = await client.post('/api/auth/sign-up/email', body);
    expect(sixth.status).toBe(429);
    expect((await json(sixth)).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many signup attempts. Please try again later.',
    });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);

    await restart();
    const afterRestart = await httpClient(t.app).post('/api/auth/sign-up/email', {
      ...body,
      password: 'Str0ng!Passw0rd',
    });
    expect(afterRestart.status).toBe(429);
    // Another email is not affected.
    const other = await httpClient(t.app).post('/api/auth/sign-up/email', {
      ...body,
      email: 'other@example.com',
      password: 'Str0ng!Passw0rd',
    });
    expect(other.status).toBe(200);
  });

  it('answers the 11th failed login within 15 minutes with 429 even with the right password, also after a restart', async () => {
    const client = httpClient(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/auth/sign-in/email', {
        email: 'tom@northwind.example',
        password: `wrong-${i}`,
      });
      expect(res.status).toBe(401);
    }
    const eleventh = await client.post('/api/auth/sign-in/email', {
      email: 'TOM@northwind.example',
      password: 'DemoPassw0rd!2026',
    });
    expect(eleventh.status).toBe(429);
    expect((await json(eleventh)).error.message).toBe('Too many login attempts. Please try again later.');

    await restart();
    const afterRestart = await httpClient(t.app).post('/api/auth/sign-in/email', {
      email: 'tom@northwind.example',
      password: 'DemoPassw0rd!2026',
    });
    expect(afterRestart.status).toBe(429);
    // Alice's logins are untouched.
    await httpClient(t.app).signIn('alice@northwind.example');
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < 12; i++) await httpClient(t.app).signIn('manager@northwind.example');
  });
});
