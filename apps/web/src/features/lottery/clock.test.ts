import type { LotteryDraw } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, secondsUntil } from './clock';
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
  it('the offset is the server time minus this browser time when the answer came', () => {
    expect(clockOffsetMs('2026-11-22T10:00:05.000Z', at('2026-11-22T10:00:02.000Z'))).toBe(3_000);
    expect(clockOffsetMs(undefined, 123)).toBe(0);
  });

  it('a draw is open until it closes, then closed until it is drawn, then drawing', () => {
    expect(drawPhase(draw, at('2026-11-22T10:00:00.000Z'))).toEqual({ phase: 'open', seconds: 50 });
    expect(drawPhase(draw, at('2026-11-22T10:00:49.200Z'))).toEqual({ phase: 'open', seconds: 1 });
    expect(drawPhase(draw, at('2026-11-22T10:00:50.000Z'))).toEqual({ phase: 'closed', seconds: 10 });
    expect(drawPhase(draw, at('2026-11-22T10:01:00.000Z'))).toEqual({ phase: 'drawing', seconds: 0 });
    expect(drawPhase(null, 0).phase).toBe('none');
  });

  it('formats minutes and seconds (hours when a draw is far)', () => {
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(secondsUntil('2026-11-22T10:00:10.000Z', at('2026-11-22T10:00:20.000Z'))).toBe(0);
  });
});
