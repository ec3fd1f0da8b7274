import type { Whitelabel } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import type { BootData } from './modules/system/index.ts';
import { jsonForScript, renderIndexHtml } from './web-shell.ts';

const TEMPLATE =
  '<head></head><body><!--sorte:boot--><div id="root"><header><!--sorte:brand--></header><!--sorte:hero--></div></body>';

function boot(overrides: Partial<Whitelabel> = {}, status = 0): BootData {
  return {
    whitelabel: {
      merchantCode: 'demo',
      brandName: 'Sorte',
      logoUrl: '',
      defaultLanguage: 'pt-BR',
      banners: [
        {
          bannerId: 1,
          url: '/assets-brand/banner-home-1.svg',
          groupName: '/',
          linkageType: 'none',
          link: '',
        },
        {
          bannerId: 2,
          url: '/assets-brand/banner-w_reg.svg',
          groupName: 'w_reg',
          linkageType: 'none',
          link: '',
        },
      ],
      ...overrides,
    } as unknown as Whitelabel,
    status: { status, maintenanceEndTime: null, ip: '127.0.0.1', country: null } as BootData['status'],
    announcementsInEffect: 0,
    parts: {},
  };
}

describe('renderIndexHtml', () => {
  it('leaves the page as built when there is no boot data', () => {
    expect(renderIndexHtml(TEMPLATE, null, '/')).toBe(TEMPLATE);
  });

  it('inlines the boot data as JSON that cannot end its script element', () => {
    const html = renderIndexHtml(TEMPLATE, boot({ brandName: '</script><script>alert(1)</script>' }), '/');
    const json = html.match(/<script type="application\/json" id="boot">(.*?)<\/script>/)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json).whitelabel.brandName).toBe('</script><script>alert(1)</script>');
    expect(html).toContain('&lt;/script&gt;');
    expect(jsonForScript({ a: '<!--&\u2028' })).toBe('{"a":"\\u003c!--\\u0026\\u2028"}');
  });

  it('puts the route group first banner in the static shell, its art in the default language', () => {
    expect(renderIndexHtml(TEMPLATE, boot(), '/')).toContain(
      'src="/assets-brand/banner-home-1.svg?lang=pt-BR"',
    );
    expect(renderIndexHtml(TEMPLATE, boot(), '/register')).toContain(
      'src="/assets-brand/banner-w_reg.svg?lang=pt-BR"',
    );
    expect(renderIndexHtml(TEMPLATE, boot(), '/game')).not.toContain('class="banner"');
    expect(renderIndexHtml(TEMPLATE, boot({}, 1), '/')).not.toContain('class="banner"');
  });
});
