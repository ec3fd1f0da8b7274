import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: 'test-operator-key-0123456789' });
});
afterAll(() => t?.close());

describe('public system endpoints', () => {
  it('serves the demo whitelabel by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(res.statusCode).toBe(200);
    const { value } = res.json();
    expect(value).toMatchObject({
      merchantCode: 'demo',
      brandName: 'Sorte',
      currency: 'BRL',
      currencySymbol: 'R$',
      defaultLanguage: 'pt-BR',
    });
    expect(value.languages).toEqual(['pt-BR', 'en']);
    expect(value.flags.DIRECTREG3).toBe(true);
    expect(value.flags.redirectLoggedOut).toBe(false);
    expect(value.banners.filter((b: { groupName: string }) => b.groupName === '/')).toHaveLength(3);
  });

  it('refuses an unknown Merchant header with a translated message', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { merchant: 'nope', 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      success: false,
      code: 'MERCHANT_UNKNOWN',
      message: 'Invalid site address. Please contact customer service.',
    });
    const pt = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { merchant: 'nope', 'accept-language': 'pt-BR' },
    });
    expect(pt.statusCode).toBe(400);
    expect(pt.json().message).not.toBe(en.json().message);
  });

  it('leaves non-API routes alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { merchant: 'nope' } });
    expect(res.statusCode).toBe(200);
  });
});
