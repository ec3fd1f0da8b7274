import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { helmetHeaders, SECURITY_HEADER_OPTIONS } from './security-headers.ts';

/**
 * The security headers are computed once from @fastify/helmet (security-headers.ts) instead of by
 * the plugin on every request: every kind of answer still carries all of them, with helmet's values.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('are helmet’s, with the app’s content security policy', async () => {
    const headers = Object.fromEntries(await helmetHeaders({}));
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
  });

  it.each([
    ['an answer', { method: 'GET', url: '/healthz' }, 200],
    ['an unknown API path', { method: 'GET', url: '/wps/nothing-here' }, 404],
    ['a refusal by the input guard', { method: 'GET', url: '/wps/system/status?x=%00' }, 400],
    ['a malformed JSON body', { method: 'POST', url: '/wps/session/login', body: '{' }, 400],
  ] as const)('are on %s', async (_name, req, status) => {
    const expected = await helmetHeaders(SECURITY_HEADER_OPTIONS);
    const res = await t.app.inject({
      method: req.method,
      url: req.url,
      ...('body' in req ? { payload: req.body, headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(expected.length).toBeGreaterThan(10);
    for (const [name, value] of expected) expect(res.headers[name], name).toBe(value);
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' http: https:");
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });
});
