import { CARNAVAL_MAX_WIN, playSlot, SLOT_FLOATS, SLOT_LINE_COUNT, type SlotRound } from '@sorte/fairness';
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
    return { multiplier: round.payout, outcome: slotOutcome(round) };
  },
  // The true top win of the strips (best trigger + best capped free-spin run), in total bets.
  maxMultiplier: () => CARNAVAL_MAX_WIN,
  category: 'RNG',
  // Wins are whole line units (total bet / 20): stake × units / 20 in integers, rounded down.
  payout: (stakeMinor, outcome) => (stakeMinor * BigInt(outcome.units as number)) / BigInt(SLOT_LINE_COUNT),
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
