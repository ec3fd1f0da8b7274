/**
 * A ticket: one play type, one selection, a unit stake and a multiple. It costs
 * unit stake × units × multiple; each winning unit pays its odds on unit stake × multiple.
 */
import { isValidDraw } from './draw.ts';
import { playType } from './families/index.ts';
import { unitPayoutMinor } from './prize.ts';
import type { BetUnit, Draw, PlayType, Selection, SelectionRejection } from './types.ts';

export type TicketRejection = SelectionRejection | 'BAD_UNIT_STAKE' | 'BAD_MULTIPLE';

/** A cap on the multiple so one ticket's stake stays a sane number; limits per merchant come on top. */
export const MAX_MULTIPLE = 10_000;

export interface TicketInput {
  playTypeCode: string;
  selection: Selection;
  unitStakeMinor: bigint;
  multiple: number;
}

export type PricedTicket =
  | { ok: true; play: PlayType; units: BetUnit[]; stakeMinor: bigint }
  | { ok: false; reason: TicketRejection };

export function priceTicket(input: TicketInput): PricedTicket {
  const play = playType(input.playTypeCode);
  if (!play) return { ok: false, reason: 'UNKNOWN_PLAY_TYPE' };
  if (typeof input.unitStakeMinor !== 'bigint' || input.unitStakeMinor <= 0n)
    return { ok: false, reason: 'BAD_UNIT_STAKE' };
  if (!Number.isInteger(input.multiple) || input.multiple < 1 || input.multiple > MAX_MULTIPLE)
    return { ok: false, reason: 'BAD_MULTIPLE' };
  const expansion = play.expand(input.selection);
  if (!expansion.ok) return expansion;
  const stakeMinor = input.unitStakeMinor * BigInt(expansion.units.length) * BigInt(input.multiple);
  return { ok: true, play, units: expansion.units, stakeMinor };
}

export interface WinningUnit {
  key: string;
  payoutMinor: bigint;
}

export interface Settlement {
  ok: true;
  stakeMinor: bigint;
  winning: WinningUnit[];
  payoutMinor: bigint;
}

/** Settles a ticket against a draw at the member's series (the series the ticket was sold at). */
export function settleTicket(
  input: TicketInput,
  draw: Draw,
  series: number,
): Settlement | { ok: false; reason: TicketRejection } {
  const priced = priceTicket(input);
  if (!priced.ok) return priced;
  // A result of the wrong shape is the caller's bug (another game's draw), never a losing ticket.
  if (!isValidDraw(priced.play.family, draw))
    throw new RangeError(`not a ${priced.play.family} result: ${draw}`);
  const perUnitStake = input.unitStakeMinor * BigInt(input.multiple);
  const winning = priced.units
    .filter((unit) => unit.wins(draw))
    .map((unit) => ({ key: unit.key, payoutMinor: unitPayoutMinor(unit.chance, perUnitStake, series) }));
  return {
    ok: true,
    stakeMinor: priced.stakeMinor,
    winning,
    payoutMinor: winning.reduce((a, w) => a + w.payoutMinor, 0n),
  };
}
