import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/** The back office build (apps/backoffice/dist, beside the web build) is its own SPA under /backoffice/. */
describe('serving the back office build', () => {
  const root = mkdtempSync(join(tmpdir(), 'sorte-apps-'));
  const webDist = join(root, 'apps', 'web', 'dist');
  const boDist = join(root, 'apps', 'backoffice', 'dist');
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    mkdirSync(join(boDist, 'assets'), { recursive: true });
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root">web</div></body></html>',
    );
    writeFileSync(
      join(boDist, 'index.html'),
      '<!doctype html><html><body><div id="root">back office</div></body></html>',
    );
    writeFileSync(join(boDist, 'assets', 'index-abc123.js'), 'console.log("bo")');
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/backoffice', '/backoffice/', '/backoffice/index.html', '/backoffice/members/42?tab=ledger'])(
    '%s is the back office page, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('back office');
    },
  );

  it('serves its hashed assets with a long cache and 404s a missing one', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/backoffice/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toContain('"bo"');
    const missing = await t.app.inject({ method: 'GET', url: '/backoffice/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('leaves the player site and the operator API where they were', async () => {
    const web = await t.app.inject({ method: 'GET', url: '/deposit' });
    expect(web.body).toContain('web');
    expect(web.body).not.toContain('back office');
    const api = await t.app.inject({ method: 'GET', url: '/bo/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });
});
