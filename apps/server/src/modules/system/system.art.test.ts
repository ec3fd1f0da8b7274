import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localizeArt } from './system.art.ts';

const ASSETS = new URL('./assets/', import.meta.url);
const words = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);

describe('localizeArt', () => {
  it('draws the banners’ words in Portuguese, shrinking a longer word to the room the art left', () => {
    const svg =
      '<svg><text x="140" font-size="150" fill="#fff">SLOTS</text><text font-size="72">$</text></svg>';
    expect(localizeArt(svg, 'pt-BR')).toBe(
      '<svg><text x="140" font-size="87" fill="#fff">CAÇA-NÍQUEIS</text><text font-size="72">$</text></svg>',
    );
    expect(localizeArt(svg, 'en')).toBe(svg);
  });

  it('leaves no English word on any built-in banner in pt-BR', () => {
    const english = /^(BONUS|JOIN|ORIGINALS|SPORTS|SLOTS|LIVE|FISH|HELP|CARDS|POINTS|E-LOTTERY|PROMO)$/;
    for (const file of readdirSync(ASSETS).filter((f) => f.startsWith('banner-'))) {
      const svg = readFileSync(new URL(file, ASSETS), 'utf8');
      for (const word of words(localizeArt(svg, 'pt-BR'))) expect(word, file).not.toMatch(english);
    }
  });
});
