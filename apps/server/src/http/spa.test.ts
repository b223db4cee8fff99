import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spaRoutes } from './spa.ts';

describe('SPA serving', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'hr-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<html>v1</html>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  const app = spaRoutes(dist);

  it('falls back to index.html for client routes and serves the newest build', async () => {
    const first = await app.request('/holidays');
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('<html>v1</html>');
    writeFileSync(path.join(dist, 'index.html'), '<html>v2</html>');
    expect(await (await app.request('/settings')).text()).toBe('<html>v2</html>');
  });

  it('serves assets with long caching and answers a missing asset with 404', async () => {
    const asset = await app.request('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/assets/gone-456.js')).status).toBe(404);
  });
});
