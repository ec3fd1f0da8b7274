import { describe, expect, it } from 'vitest';
import { tuckedAfter } from './tuck-on-scroll';

describe('tuckedAfter', () => {
  it('tucks while scrolling down, shows on a scroll up and near the top', () => {
    expect(tuckedAfter(false, 300, 400)).toBe(true);
    expect(tuckedAfter(true, 400, 300)).toBe(false);
    expect(tuckedAfter(true, 200, 40)).toBe(false);
    expect(tuckedAfter(false, 0, 60)).toBe(false);
  });
  it('keeps its state on a tiny move', () => {
    expect(tuckedAfter(true, 400, 396)).toBe(true);
    expect(tuckedAfter(false, 400, 405)).toBe(false);
  });
});
