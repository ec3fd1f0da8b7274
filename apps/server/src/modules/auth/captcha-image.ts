import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/**
 * Characters players read without hesitation: at most one of every look-alike group (see
 * LOOK_ALIKE_GROUPS), and no two glyphs below whose bitmaps are near-twins (P/R, F/E, M/N, H/4 differ
 * in three or four cells, which the noise and slant erase). Answers are compared upper-cased.
 */
export const CAPTCHA_ALPHABET = 'ACEHJKMRTUWXY3679';

/** Groups of characters people confuse; the alphabet keeps at most one of each. */
export const LOOK_ALIKE_GROUPS = [
  '0OQD',
  '1IL',
  '2Z',
  '5S',
  '6G',
  '8B',
  'UV',
  'CDG',
  'PR',
  'EF',
  'MN',
  'H4',
  'VY',
] as const;

/** A 5×7 bitmap per character, one string per row, '#' for ink. */
export const GLYPHS: Record<string, string[]> = {
  A: ['..#..', '.#.#.', '#...#', '#...#', '#####', '#...#', '#...#'],
  C: ['.####', '#....', '#....', '#....', '#....', '#....', '.####'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '##.##', '#...#'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '6': ['.###.', '#....', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '....#', '.###.'],
};

const WIDTH = 132;
const HEIGHT = 44;
const SCALE = 4;
const NOISE_LINES = 5;
const NOISE_DOTS = 160;

type Rgb = [number, number, number];

export function randomCaptchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** Draws the text as a PNG (base64, no data: prefix) with jittered glyphs, lines and dots as noise. */
export function drawCaptcha(text: string): string {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  fill(png, [240, 242, 245]);
  for (let i = 0; i < NOISE_LINES; i++) drawLine(png, randomColour(120, 200));
  const step = Math.floor((WIDTH - 8) / text.length);
  [...text].forEach((ch, i) => {
    drawGlyph(
      png,
      GLYPHS[ch] ?? [],
      6 + i * step + randomInt(-2, 3),
      6 + randomInt(-4, 5),
      randomColour(20, 110),
    );
  });
  for (let i = 0; i < NOISE_DOTS; i++)
    setPixel(png, randomInt(WIDTH), randomInt(HEIGHT), randomColour(60, 200));
  return PNG.sync.write(png).toString('base64');
}

function randomColour(min: number, max: number): Rgb {
  return [randomInt(min, max), randomInt(min, max), randomInt(min, max)];
}

function fill(png: PNG, colour: Rgb): void {
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) setPixel(png, x, y, colour);
}

function setPixel(png: PNG, x: number, y: number, [r, g, b]: Rgb): void {
  if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
  const i = (y * WIDTH + x) * 4;
  png.data[i] = r;
  png.data[i + 1] = g;
  png.data[i + 2] = b;
  png.data[i + 3] = 255;
}

/** Each ink cell is a SCALE×SCALE block, slanted a little per row so the glyphs are not pixel-identical. */
function drawGlyph(png: PNG, rows: string[], left: number, top: number, colour: Rgb): void {
  const slant = randomInt(-1, 2);
  rows.forEach((row, ry) => {
    for (let rx = 0; rx < row.length; rx++) {
      if (row[rx] !== '#') continue;
      const x0 = left + rx * SCALE + Math.round(((3 - ry) * slant) / 2);
      const y0 = top + ry * SCALE;
      for (let dy = 0; dy < SCALE; dy++)
        for (let dx = 0; dx < SCALE; dx++) setPixel(png, x0 + dx, y0 + dy, colour);
    }
  });
}

function drawLine(png: PNG, colour: Rgb): void {
  const [x0, y0, x1, y1] = [randomInt(WIDTH), randomInt(HEIGHT), randomInt(WIDTH), randomInt(HEIGHT)];
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
  for (let s = 0; s <= steps; s++) {
    setPixel(png, Math.round(x0 + ((x1 - x0) * s) / steps), Math.round(y0 + ((y1 - y0) * s) / steps), colour);
  }
}
