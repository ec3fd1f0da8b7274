import { expect, test } from 'vitest';
import { CAPTCHA_ALPHABET, GLYPHS, LOOK_ALIKE_GROUPS, randomCaptchaText } from './captcha-image.ts';

/** Cells in which two 5×7 bitmaps differ. */
function distance(a: string[], b: string[]): number {
  let cells = 0;
  for (let row = 0; row < 7; row++)
    for (let col = 0; col < 5; col++) if (a[row]?.[col] !== b[row]?.[col]) cells++;
  return cells;
}

test('the captcha alphabet holds at most one character of every look-alike group', () => {
  for (const group of LOOK_ALIKE_GROUPS) {
    const present = [...group].filter((ch) => CAPTCHA_ALPHABET.includes(ch));
    expect(present.length, `${group}: ${present.join('')}`).toBeLessThanOrEqual(1);
  }
  // The pairs players reported (U/V, D/C) and the classic ones are all gone.
  for (const pair of ['UV', 'DC', '0O', '1I', '5S', '2Z', '8B'])
    expect(
      [...pair].every((ch) => CAPTCHA_ALPHABET.includes(ch)),
      pair,
    ).toBe(false);
});

test('every captcha character has a glyph, and no two glyphs are near-twins', () => {
  const chars = [...CAPTCHA_ALPHABET];
  for (const ch of chars) expect(GLYPHS[ch], ch).toHaveLength(7);
  for (let i = 0; i < chars.length; i++)
    for (let j = i + 1; j < chars.length; j++) {
      const pair = `${chars[i]}${chars[j]}`;
      expect(distance(GLYPHS[chars[i]!]!, GLYPHS[chars[j]!]!), pair).toBeGreaterThanOrEqual(5);
    }
});

test('captcha texts use only the alphabet', () => {
  for (let i = 0; i < 200; i++) expect(randomCaptchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`));
});
