import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { refuseHttpLinks } from './system.links.ts';

/** Issue 12, item 12: operator-set links are https or paths on the site (http outside production only). */
const KEY = 'test-operator-key-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: KEY });
});
afterAll(() => t?.close());

const op = (method: 'PATCH' | 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { 'x-operator-key': KEY }, payload });
const whitelabel = async () =>
  (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json().value;

describe('operator links on the server', () => {
  it('refuses javascript: and protocol-relative links in the brand and keeps the old ones', async () => {
    const before = await whitelabel();
    for (const patch of [
      { logoUrl: 'javascript:alert(1)' },
      { affiliateLink: 'javascript:alert(1)' },
      { socialLinks: { telegram: 'javascript:alert(1)' } },
      { customerService: [{ type: 3, path: 'javascript:alert(1)' }] },
      { logoUrl: '//evil.example/logo.svg' },
    ]) {
      const res = await op('PATCH', '/bo/merchants/demo/brand', patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const after = await whitelabel();
    expect([after.logoUrl, after.affiliateLink, after.socialLinks, after.customerService]).toEqual([
      before.logoUrl,
      before.affiliateLink,
      before.socialLinks,
      before.customerService,
    ]);
  });

  it('refuses a banner whose link is javascript:, and takes https, a path or a promotion id', async () => {
    const banner = (link: string, linkageType = 'external') => ({
      groupName: '/',
      url: '/assets-brand/banner-home-1.svg',
      linkageType,
      link,
    });
    const refused = await op('POST', '/bo/merchants/demo/banners', banner('javascript:alert(1)'));
    expect(refused.statusCode).toBe(400);
    for (const [link, type] of [
      ['https://promo.example/x', 'external'],
      ['/live', 'internal'],
      ['summer-2026', 'promotion'],
    ]) {
      const res = await op('POST', '/bo/merchants/demo/banners', banner(link as string, type));
      expect(res.statusCode, link).toBe(200);
    }
    const id = (await op('POST', '/bo/merchants/demo/banners', banner('/live', 'internal'))).json().value
      .bannerId;
    const edit = await op('PUT', `/bo/merchants/demo/banners/${id}`, { link: 'JAVASCRIPT:alert(1)' });
    expect(edit.statusCode).toBe(400);
  });

  it('takes http outside production and refuses it in production, naming the field', () => {
    const patch = { socialLinks: { facebook: 'http://facebook.example/sorte' } };
    expect(() => refuseHttpLinks(loadConfig({ NODE_ENV: 'test' }), patch)).not.toThrow();
    let thrown: unknown;
    try {
      refuseHttpLinks(loadConfig({ NODE_ENV: 'production', OPERATOR_API_KEY: KEY }), patch);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'socialLinks.facebook', key: 'https_required' }] },
    });
    expect(() =>
      refuseHttpLinks(loadConfig({ NODE_ENV: 'production', OPERATOR_API_KEY: KEY }), {
        logoUrl: 'https://cdn.example/logo.svg',
        link: '/live',
      }),
    ).not.toThrow();
  });
});
