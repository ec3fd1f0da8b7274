import { describe, expect, it } from 'vitest';
import { bannerImageUrl } from './brand-art.ts';

describe('bannerImageUrl', () => {
  it('asks the built-in art in the site’s language', () => {
    expect(bannerImageUrl('/assets-brand/banner-rng.svg', 'pt-BR')).toBe(
      '/assets-brand/banner-rng.svg?lang=pt-BR',
    );
  });
  it('leaves other images alone', () => {
    expect(bannerImageUrl('https://cdn.example/b.png', 'pt-BR')).toBe('https://cdn.example/b.png');
    expect(bannerImageUrl('/assets-brand/a.svg?v=2', 'en')).toBe('/assets-brand/a.svg?v=2');
  });
});
