import { describe, expect, it } from 'vitest';
import { bannerArt, bannerImageUrl } from './brand-art.ts';

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

describe('bannerArt', () => {
  const banner = {
    url: null,
    images: { 'pt-BR': 'https://cdn.example/pt.png', en: 'https://cdn.example/en.png' },
    title: { 'pt-BR': 'Bem-vindo', en: 'Welcome' },
  };
  it('shows the reader’s language’s image and words', () => {
    expect(bannerArt(banner, 'en', 'pt-BR')).toEqual({
      image: 'https://cdn.example/en.png',
      text: 'Welcome',
    });
    expect(bannerArt(banner, 'pt-BR', 'pt-BR')).toEqual({
      image: 'https://cdn.example/pt.png',
      text: 'Bem-vindo',
    });
  });
  it('falls back to the every-language art, then to the merchant’s default language', () => {
    const ptOnly = { url: null, images: { 'pt-BR': 'https://cdn.example/pt.png' }, title: { 'pt-BR': 'Oi' } };
    expect(bannerArt(ptOnly, 'en', 'pt-BR')).toEqual({ image: 'https://cdn.example/pt.png', text: 'Oi' });
    const shared = { url: '/assets-brand/banner-rng.svg', images: { 'pt-BR': 'https://cdn.example/pt.png' } };
    expect(bannerArt(shared, 'en', 'pt-BR').image).toBe('/assets-brand/banner-rng.svg?lang=en');
  });
  it('is words only when no image is set', () => {
    expect(bannerArt({ url: null, title: { en: 'Only words' } }, 'pt-BR', 'pt-BR')).toEqual({
      image: null,
      text: 'Only words',
    });
  });
});
