import { describe, expect, it } from 'vitest';
import { isBannerLink, isContactUrl, isSiteUrl, linkKind, operatorBrandPatch } from './index.ts';

describe('operator-set addresses', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    'evil.example',
    '',
  ])('refuses %j', (value) => {
    expect(linkKind(value)).toBeNull();
    expect(isSiteUrl(value, true)).toBe(false);
    expect(isContactUrl(value, true)).toBe(false);
  });

  it('takes https and a path on the site; http only when allowed', () => {
    expect(isSiteUrl('https://cdn.example/logo.svg', false)).toBe(true);
    expect(isSiteUrl('/assets-brand/logo.svg', false)).toBe(true);
    expect(isSiteUrl('/promotions?x=1#top', false)).toBe(true);
    expect(isSiteUrl('http://cdn.example/logo.svg', false)).toBe(false);
    expect(isSiteUrl('http://cdn.example/logo.svg', true)).toBe(true);
  });

  it('takes mail and telephone links for contacts only', () => {
    expect(isContactUrl('mailto:suporte@sorte.example', false)).toBe(true);
    expect(isContactUrl('tel:+5511999999999', false)).toBe(true);
    expect(isSiteUrl('mailto:suporte@sorte.example', true)).toBe(false);
  });

  it('takes a promotion id as a banner link, never a scheme', () => {
    expect(isBannerLink('summer-2026', false)).toBe(true);
    expect(isBannerLink('/live', false)).toBe(true);
    expect(isBannerLink('javascript:alert(1)', true)).toBe(false);
  });

  it('refuses javascript: in every link of a brand change', () => {
    const bad = 'javascript:alert(document.cookie)';
    for (const patch of [
      { logoUrl: bad },
      { faviconUrl: bad },
      { affiliateLink: bad },
      { socialLinks: { facebook: bad } },
      { customerService: [{ type: 3, path: bad }] },
      {
        resources: [
          { resourceType: 'android', url: bad, labelNameEn: 'a', labelNamePtBr: 'a', qrCodeUrl: null },
        ],
      },
      { imageCDNs: [bad] },
      { launchGameCDNs: [bad] },
    ]) {
      expect(operatorBrandPatch.safeParse(patch).success, JSON.stringify(patch)).toBe(false);
    }
    expect(operatorBrandPatch.safeParse({ logoUrl: '/assets-brand/logo.svg' }).success).toBe(true);
  });
});
