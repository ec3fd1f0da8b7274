import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('documents the system and operator endpoints in /docs', async () => {
  const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  for (const path of [
    '/wps/system/whitelabel',
    '/wps/system/status',
    '/wps/system/setting/register',
    '/wps/system/domainRoute',
    '/wps/system/permission',
    '/wps/system/helpCenter',
    '/wps/announcements',
    '/bo/merchants/{code}/flags',
    '/bo/merchants/{code}/status',
  ]) {
    expect(spec.paths[path], path).toBeTruthy();
  }
  expect(spec.paths['/bo/merchants/{code}/flags'].patch.security).toEqual([{ operatorKey: [] }]);
});
