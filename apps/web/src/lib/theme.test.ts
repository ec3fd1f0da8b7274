import { describe, expect, it } from 'vitest';
import { contrastRatio, readableAccent, themeVariables } from './theme';
import { DEFAULT_WHITELABEL } from './whitelabel';

// The built-in theme: a dark merchant with a gold accent.
const merchant = DEFAULT_WHITELABEL.theme;

describe('the accent as text (issue 13: the header balance was gold on white)', () => {
  it('contrast ratios follow WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('keeps the gold on the dark surface and darkens it on the light one until it reads', () => {
    expect(readableAccent('#ffb800', '#141b2f')).toBe('#ffb800');
    const onWhite = readableAccent('#ffb800', '#ffffff');
    expect(onWhite).not.toBe('#ffb800');
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Still the brand's hue: more red than blue, not black.
    const [r, , b] = [1, 3, 5].map((i) => Number.parseInt(onWhite.slice(i, i + 2), 16)) as number[];
    expect(r!).toBeGreaterThan(b!);
    expect(onWhite).not.toBe('#000000');
  });

  it('themeVariables gives the balance a readable accent in both modes', () => {
    for (const mode of ['dark', 'light'] as const) {
      const vars = themeVariables(merchant, mode);
      expect(contrastRatio(vars['--c-accent-ink']!, vars['--c-surface']!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
