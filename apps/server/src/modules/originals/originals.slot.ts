import { CARNAVAL_MAX_WIN, playSlot, SLOT_FLOATS, type SlotRound } from '@sorte/fairness';
import { multiplierUnits } from '@sorte/money';
import type { Game } from './originals.bets.ts';

/**
 * "Carnaval Dourado", the in-house video slot, on the same bet path as dice: one request is one
 * round — the base spin and every free spin it starts — settled at once. The stake is the total bet
 * over the fixed 20 lines; the merchant's house edge does not apply, the slot's RTP is its published
 * paytable's (packages/fairness slot.ts). Its records are filed under RNG, with the slots.
 */
export const SLOT: Game<Record<string, never>> = {
  // The base spin and the most free spins a round can play (the cap), five floats each.
  floats: SLOT_FLOATS,
  play(draw) {
    const round = playSlot(draw);
    // Wins are whole line units: units / 20 of the total bet, exactly on the grid (1/20 = 0.05).
    return { multiplierUnits: round.multiplierUnits, outcome: slotOutcome(round) };
  },
  // The true top win of the strips (best trigger + best capped free-spin run), in total bets.
  maxMultiplier: () => multiplierUnits(CARNAVAL_MAX_WIN),
  category: 'RNG',
};

/** What a round stores for recall: per spin its stops, line wins, scatters and free spins awarded. */
function slotOutcome(round: SlotRound): Record<string, unknown> {
  return {
    units: round.units,
    freeSpins: round.freeSpins,
    // Every spin's stops in one list: what the verifier page compares (arrays keep their order in jsonb).
    stops: round.spins.map((spin) => spin.stops),
    spins: round.spins.map((spin) => ({
      kind: spin.kind,
      stops: spin.stops,
      lines: spin.lines,
      scatters: spin.scatters,
      freeSpinsAwarded: spin.freeSpinsAwarded,
      units: spin.units,
    })),
  };
}
