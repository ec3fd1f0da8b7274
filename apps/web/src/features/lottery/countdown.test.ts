import type { LotteryDraw } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { drawPhase } from './components/Countdown';

const draw: LotteryDraw = {
  gameCode: 'FD5_1M',
  drawNo: '20261122-0600',
  closesAt: '2026-11-22T10:00:50.000Z',
  drawsAt: '2026-11-22T10:01:00.000Z',
  status: 'scheduled',
  commitment: 'a'.repeat(64),
  serverSeed: null,
  result: null,
};
const at = (iso: string) => Date.parse(iso);

describe('countdowns on the server clock', () => {
  it('a draw is open until it closes, then closed until it is drawn, then drawing', () => {
    expect(drawPhase(draw, at('2026-11-22T10:00:00.000Z'))).toEqual({ phase: 'open', seconds: 50 });
    expect(drawPhase(draw, at('2026-11-22T10:00:49.200Z'))).toEqual({ phase: 'open', seconds: 1 });
    expect(drawPhase(draw, at('2026-11-22T10:00:50.000Z'))).toEqual({ phase: 'closed', seconds: 10 });
    expect(drawPhase(draw, at('2026-11-22T10:01:00.000Z'))).toEqual({ phase: 'drawing', seconds: 0 });
    expect(drawPhase(null, 0).phase).toBe('none');
  });
});
