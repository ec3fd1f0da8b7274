import { describe, expect, it } from 'vitest';
import { gameIdParam, safeGameUrl } from './GameFrame';

describe('safeGameUrl', () => {
  it('frames https, same-origin and (on an http page) http addresses only', () => {
    expect(safeGameUrl('https://vendor.test/play?t=1', 'https://sorte.test')).toBe(
      'https://vendor.test/play?t=1',
    );
    expect(safeGameUrl('/inhouse/dice', 'https://sorte.test')).toBe('https://sorte.test/inhouse/dice');
    expect(safeGameUrl('http://localhost:3001/play', 'http://localhost:3000')).toBe(
      'http://localhost:3001/play',
    );
    expect(safeGameUrl('http://vendor.test/play', 'https://sorte.test')).toBeNull();
    expect(safeGameUrl('javascript:alert(1)', 'https://sorte.test')).toBeNull();
    expect(safeGameUrl('data:text/html,x', 'http://localhost:3000')).toBeNull();
    expect(safeGameUrl(null, 'https://sorte.test')).toBeNull();
  });
});

describe('gameIdParam', () => {
  it('accepts positive integers only', () => {
    expect(gameIdParam('12')).toBe(12);
    expect(gameIdParam('0')).toBeNull();
    expect(gameIdParam('1e3')).toBeNull();
    expect(gameIdParam(null)).toBeNull();
  });
});
