import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { BANNER_GROUPS } from '@sorte/contracts';

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

describe('brand assets and content', () => {
  it('serves banner art with long cache headers and refuses odd names', async () => {
    const wl = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json().value;
    for (const url of [wl.logoUrl, ...wl.banners.map((b: { url: string }) => b.url)]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toContain('max-age=86400');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/assets-brand/..%2Fsystem.routes.ts' })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/assets-brand/missing.svg' })).statusCode).toBe(404);
  });

  it('draws a banner’s words in the language asked (?lang=), English by default', async () => {
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    expect(await get('/assets-brand/banner-inhouse.svg')).toContain('>ORIGINALS<');
    const pt = await get('/assets-brand/banner-inhouse.svg?lang=pt-BR');
    expect(pt).toContain('>ORIGINAIS<');
    expect(pt).not.toContain('>ORIGINALS<');
    expect((await t.app.inject({ method: 'GET', url: '/assets-brand/logo.svg?lang=xx' })).statusCode).toBe(
      400,
    );
  });

  it('has one banner for every page group the demo offers, none promising sports', async () => {
    const wl = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json().value;
    const groups = new Set(wl.banners.map((b: { groupName: string }) => b.groupName));
    // The demo merchant offers no betting: a /sports or /esports banner would promise it (issue 13).
    const unoffered = new Set(['/sports', '/esports']);
    for (const g of BANNER_GROUPS) expect(groups.has(g), g).toBe(!unoffered.has(g));
  });

  it('pages announcements 9 at a time in the caller language', async () => {
    const pt = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/announcements',
        headers: { 'accept-language': 'pt-BR' },
      })
    ).json().value;
    expect(pt).toMatchObject({ pageNo: 1, pageSize: 9, total: 5, totalPages: 1 });
    expect(pt.list[0].title).toBe('Bem-vindo à Sorte');
    const en = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/announcements?pageSize=2&pageNo=2',
        headers: { 'accept-language': 'en' },
      })
    ).json().value;
    expect(en).toMatchObject({ pageNo: 2, pageSize: 2, totalPages: 3 });
    expect(en.list).toHaveLength(2);
    const typed = (await t.app.inject({ method: 'GET', url: '/wps/announcements?types=PR,H' })).json().value;
    expect(typed.list.every((a: { type: string }) => a.type === 'PR' || a.type === 'H')).toBe(true);
    expect(typed.total).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/wps/announcements?pageSize=101' })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/wps/announcements?types=ZZ' })).statusCode).toBe(400);
  });

  it('serves help centre, register setting, permission bundle', async () => {
    const help = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/system/helpCenter',
        headers: { 'accept-language': 'en' },
      })
    ).json().value;
    expect(help.list[0]).toMatchObject({ title: 'How do I create an account?' });
    const reg = (await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json().value;
    expect(reg).toMatchObject({
      usernameRegister: true,
      mobileRegister: true,
      captchaEnabled: true,
      defaultCountryCode: 'BR',
      minimumAge: 18,
    });
    expect(reg.countries[0]).toEqual({ countryCode: 'BR', countryDialingCode: '+55' });
    expect(reg.fields.password).toMatchObject({ required: true, patternId: 6, minLength: 6, maxLength: 20 });
    expect(reg.fields.qqNum.enabled).toBe(false);
    const perm = (
      await t.app.inject({ method: 'GET', url: '/wps/system/permission', remoteAddress: '8.8.8.8' })
    ).json().value;
    expect(perm).toMatchObject({ analytics: { gtagId: null }, location: { ip: '8.8.8.8', country: 'US' } });
    expect(perm.whitelabel.merchantCode).toBe('demo');
    expect(perm.customerService.find((c: { type: number }) => c.type === 3)).toBeTruthy();
  });
});
