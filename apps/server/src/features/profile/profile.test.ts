import { PROFILE_MESSAGES } from '@hr/shared/profile/profile.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

const testApp = useTestApp();
const app = () => testApp.app.app;
const db = () => testApp.app.admin;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

async function idOf(email: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db().execute(sql`select id from auth_users where email = ${email}`),
  );
  return row?.id as string;
}

async function signedIn(email: string) {
  const client = httpClient(app());
  await client.signIn(email);
  return client;
}

function upload(client: ReturnType<typeof httpClient>, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return app().request('/api/v1/profile/avatar', {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookie },
  });
}

describe('profile', () => {
  it('needs a session', async () => {
    expect((await httpClient(app()).get('/api/v1/profile')).status).toBe(401);
  });

  it('trims names, turns empty into null, and lists line managers without oneself', async () => {
    const alice = await signedIn('alice@northwind.example');
    const aliceId = await idOf('alice@northwind.example');
    const options = await json(await alice.get('/api/v1/profile/line-manager-options'));
    const emails = options.users.map((u: { email: string }) => u.email);
    expect(emails).toContain('owner@northwind.example');
    expect(emails).not.toContain('alice@northwind.example');
    expect(emails).not.toContain('sam@southbank.example');

    const res = await alice.call('PUT', '/api/v1/profile', {
      fullName: '  Alice A. Anders ',
      position: '   ',
      lineManagerId: await idOf('manager@northwind.example'),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      id: aliceId,
      fullName: 'Alice A. Anders',
      position: null,
      lineManagerId: await idOf('manager@northwind.example'),
    });
  });

  it('writes the line manager to the profile and the linked employee record together', async () => {
    // Only super_admin and developer with the employees section at Admin or Full may (ADR 0051).
    const owner = await signedIn('owner@northwind.example');
    const ownerId = await idOf('owner@northwind.example');
    const managerId = await idOf('manager@northwind.example');
    expect((await json(await owner.get('/api/v1/profile'))).canChangeLineManager).toBe(true);
    const res = await owner.call('PUT', '/api/v1/profile', {
      fullName: 'Olivia Owen',
      position: 'Managing Director',
      lineManagerId: managerId,
    });
    expect(res.status).toBe(200);
    const [row] = rowsOf<{ profile: string; record: string }>(
      await db().execute(
        sql`select p.line_manager as profile, e.line_manager_id as record from profiles p join employee_records e on e.user_id = p.id where p.id = ${ownerId}`,
      ),
    );
    expect(row).toEqual({ profile: managerId, record: managerId });
    expect(
      (await owner.call('PUT', '/api/v1/profile', { fullName: 'Olivia Owen', lineManagerId: null })).status,
    ).toBe(200);
  });

  it('keeps the line manager read-only for everyone else: a change is 403 and saves nothing', async () => {
    const tom = await signedIn('tom@northwind.example');
    const tomId = await idOf('tom@northwind.example');
    const managerId = await idOf('manager@northwind.example');
    const ownerId = await idOf('owner@northwind.example');
    const before = await json(await tom.get('/api/v1/profile'));
    expect(before).toMatchObject({ lineManagerId: managerId, canChangeLineManager: false });
    for (const lineManagerId of [null, '', ownerId]) {
      const res = await tom.call('PUT', '/api/v1/profile', {
        fullName: 'Changed',
        position: null,
        lineManagerId,
      });
      expect(res.status, String(lineManagerId)).toBe(403);
      expect((await json(res)).error.message).toBe(PROFILE_MESSAGES.lineManagerLocked);
    }
    expect(await json(await tom.get('/api/v1/profile'))).toEqual(before);
    const [record] = rowsOf<{ manager: string }>(
      await db().execute(
        sql`select line_manager_id as manager from employee_records where user_id = ${tomId}`,
      ),
    );
    expect(record?.manager).toBe(managerId);
    // Name and position still save with the line manager sent unchanged.
    const same = await tom.call('PUT', '/api/v1/profile', {
      fullName: 'Tom T.',
      position: 'Welder',
      lineManagerId: managerId,
    });
    expect(same.status).toBe(200);
    expect(await json(same)).toMatchObject({ fullName: 'Tom T.', lineManagerId: managerId });
    // A super admin whose employees section is only at View may not either.
    await db().execute(
      sql`insert into user_permissions (user_id, section_id, access_level, company_id) select ${ownerId}, 'employees', 'view', company_id from profiles where id = ${ownerId}`,
    );
    const owner = await signedIn('owner@northwind.example');
    expect((await json(await owner.get('/api/v1/profile'))).canChangeLineManager).toBe(false);
    expect(
      (await owner.call('PUT', '/api/v1/profile', { fullName: 'Olivia Owen', lineManagerId: managerId }))
        .status,
    ).toBe(403);
    await db().execute(sql`delete from user_permissions where user_id = ${ownerId}`);
  });

  it('refuses oneself or a user of another company as line manager, changing nothing', async () => {
    const owner = await signedIn('owner@northwind.example');
    const ownerId = await idOf('owner@northwind.example');
    const before = await json(await owner.get('/api/v1/profile'));
    const self = await owner.call('PUT', '/api/v1/profile', {
      fullName: 'X',
      position: null,
      lineManagerId: ownerId,
    });
    expect(self.status).toBe(400);
    expect((await json(self)).error.fields.lineManagerId).toBe('You cannot be your own line manager.');
    const sam = await idOf('sam@southbank.example');
    expect(
      (await owner.call('PUT', '/api/v1/profile', { fullName: 'X', position: null, lineManagerId: sam }))
        .status,
    ).toBe(400);
    expect(await json(await owner.get('/api/v1/profile'))).toEqual(before);
  });

  it('uploads an avatar under the user folder, replaces it, removes it, and refuses non-images', async () => {
    const alice = await signedIn('alice@northwind.example');
    const aliceId = await idOf('alice@northwind.example');
    const first = await json(await upload(alice, PNG, 'me.png', 'image/png'));
    expect(first.avatarUrl).toMatch(new RegExp(`^/api/storage/company-assets/${aliceId}/avatar-\\d+\\.png$`));
    const served = await app().request(first.avatarUrl);
    expect(served.status).toBe(200);
    // A stored file keeps its own sandbox policy (it never runs as a page of ours) and the other headers.
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('x-frame-options')).toBe('DENY');
    expect(served.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    await new Promise((r) => setTimeout(r, 5));
    const second = await json(await upload(alice, JPEG, 'me.gif', 'image/gif'));
    expect(second.avatarUrl).toMatch(/\.jpg$/);
    expect((await app().request(first.avatarUrl)).status).toBe(404);
    const exe = await upload(
      alice,
      new TextEncoder().encode('MZ\x90\x00 not an image'),
      'me.jpg',
      'image/jpeg',
    );
    expect(exe.status).toBe(400);
    expect((await json(exe)).error.message).toBe('Please select an image file');
    const removed = await json(await alice.call('DELETE', '/api/v1/profile/avatar'));
    expect(removed.avatarUrl).toBeNull();
    expect((await app().request(second.avatarUrl)).status).toBe(404);
  });

  it('keeps one stored avatar when several are uploaded at once: every replaced file is deleted', async () => {
    const tom = await signedIn('tom@northwind.example');
    const first = await json(await upload(tom, PNG, 'me.png', 'image/png'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? upload(tom, PNG, 'me.png', 'image/png') : upload(tom, JPEG, 'me.jpg', 'image/jpeg'),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const urls = new Set<string>([first.avatarUrl]);
    for (const res of answers) urls.add((await json(res)).avatarUrl);
    const current = (await json(await tom.get('/api/v1/profile'))).avatarUrl;
    expect(urls.has(current)).toBe(true);
    // Before: each upload read the same previous avatar, so the files replaced in between stayed.
    const stored = [];
    for (const url of urls) if ((await app().request(url)).status === 200) stored.push(url);
    expect(stored).toEqual([current]);
  });
});
