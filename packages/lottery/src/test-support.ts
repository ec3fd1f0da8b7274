/**
 * Test-only helpers (never exported from index.ts): settling one worked example, and checking a
 * play type's declared chances against an exact enumeration of the draw space.
 */
import { createHash, createHmac } from 'node:crypto';
import type { HmacSha256, Sha256 } from '@sorte/fairness';
import { expect } from 'vitest';
import { playType } from './families/index.ts';
import { settleTicket } from './ticket.ts';
import type { Draw, Selection } from './types.ts';

export const nodeHmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
export const nodeSha256: Sha256 = (message) => new Uint8Array(createHash('sha256').update(message).digest());

/** A worked example at unit stake 2.00 (200 minor), multiple 1 and series 1950 unless told. */
export function settle(
  code: string,
  selection: Selection,
  draw: Draw,
  options: { unitStakeMinor?: bigint; multiple?: number; series?: number } = {},
) {
  const result = settleTicket(
    {
      playTypeCode: code,
      selection,
      unitStakeMinor: options.unitStakeMinor ?? 200n,
      multiple: options.multiple ?? 1,
    },
    draw,
    options.series ?? 1950,
  );
  if (!result.ok) throw new Error(`${code} refused: ${result.reason}`);
  return {
    stake: result.stakeMinor,
    keys: result.winning.map((w) => w.key),
    payouts: result.winning.map((w) => w.payoutMinor),
    payout: result.payoutMinor,
  };
}

export function unitCount(code: string, selection: Selection): number {
  const expansion = playType(code)!.expand(selection);
  if (!expansion.ok) throw new Error(`${code} refused: ${expansion.reason}`);
  return expansion.units.length;
}

export function rejection(code: string, selection: Selection): string | null {
  const expansion = playType(code)!.expand(selection);
  return expansion.ok ? null : expansion.reason;
}

/**
 * Over `draws` (every result equally likely), each unit's winning count must be exactly its
 * declared chance; then, at `series`, the expected return per unit of stake is series / 2000 —
 * checked with the real bigint payouts at a stake large enough that flooring moves it < 1e-9.
 */
export function expectExactChances(
  code: string,
  selection: Selection,
  draws: readonly Draw[],
  series = 1950,
): void {
  const expansion = playType(code)!.expand(selection);
  if (!expansion.ok) throw new Error(`${code} refused: ${expansion.reason}`);
  const stake = 10n ** 12n;
  let paid = 0n;
  for (const unit of expansion.units) {
    let wins = 0;
    for (const draw of draws) if (unit.wins(draw)) wins++;
    expect(wins * unit.chance.outOf, `${code} ${unit.key}`).toBe(unit.chance.wins * draws.length);
    paid +=
      BigInt(wins) *
      ((stake * BigInt(unit.chance.outOf) * BigInt(series)) / (BigInt(unit.chance.wins) * 2000n));
  }
  const rtp = Number((paid * 10n ** 9n) / (stake * BigInt(draws.length * expansion.units.length))) / 1e9;
  expect(rtp).toBeCloseTo(series / 2000, 8);
}

/** Every tuple of `length` values from `values` (with repeats), the independent draws' space. */
export function tuples(values: readonly number[], length: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < length; i++) out = out.flatMap((prefix) => values.map((v) => [...prefix, v]));
  return out;
}

/** Every ordered choice of `length` distinct values (a draw without repeats, in drawing order). */
export function arrangements(values: readonly number[], length: number): number[][] {
  if (length === 0) return [[]];
  return values.flatMap((v) =>
    arrangements(
      values.filter((w) => w !== v),
      length - 1,
    ).map((rest) => [v, ...rest]),
  );
}
