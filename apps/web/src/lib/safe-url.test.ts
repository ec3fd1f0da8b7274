import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSafe, safeContactUrl, safePath, safeUrl } from './safe-url';

describe('operator links in the web', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses to open what the server now refuses, as an older row may still hold it', () => {
    const open = vi.fn();
    vi.stubGlobal('window', { open });
    for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', '//evil.example']) {
      expect(openSafe(bad), bad).toBe(false);
      expect(openSafe(bad, true), bad).toBe(false);
    }
    expect(open).not.toHaveBeenCalled();
    expect(openSafe('https://promo.example/x')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://promo.example/x', '_blank', 'noopener,noreferrer');
  });

  it('links https, site paths and (for customer service) mail and telephone', () => {
    expect(safeUrl('https://www.facebook.com/sorte')).toBe('https://www.facebook.com/sorte');
    expect(safeUrl('/download')).toBe('/download');
    expect(safeUrl(null)).toBeNull();
    expect(safeUrl('mailto:a@b.example')).toBeNull();
    expect(safeContactUrl('mailto:a@b.example')).toBe('mailto:a@b.example');
  });

  it('routes only to a path on the site', () => {
    expect(safePath('/live')).toBe('/live');
    expect(safePath('https://evil.example')).toBeNull();
    expect(safePath('/\\evil.example')).toBeNull();
  });
});
