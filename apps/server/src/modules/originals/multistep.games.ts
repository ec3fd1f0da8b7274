import {
  chainMultiplierUnits,
  type HiloAction,
  type HiloGuess,
  hiloPayoutUnits,
  MINES_TILES,
  minesMultiplier,
  minesMultiplierUnits,
  playHilo,
  playMines,
} from '@sorte/fairness';

/**
 * A game played in steps, as the round engine (multistep.rounds.ts) sees it. The round stores only
 * the start choices and the player's moves; everything else is replayed from the seeds each time
 * (packages/fairness does the math), exactly as the verifier replays it.
 */
export interface StepGame {
  name: 'mines' | 'hilo';
  /** Floats the round needs for these moves. */
  floats(params: Record<string, unknown>, moves: readonly unknown[]): number;
  /**
   * The highest multiplier the round can reach (units of the 8-place grid), refused at start when it
   * would pass the merchant's max win; null when the game has no bound (hilo), checked move by move.
   */
  maxMultiplier(params: Record<string, unknown>, houseEdge: number): bigint | null;
  /** Throws RangeError for moves the game does not allow. */
  play(draw: number[], params: Record<string, unknown>, moves: readonly unknown[], houseEdge: number): Played;
}

export interface Played {
  lost: boolean;
  /** What a cash-out pays per unit staked now (0 once lost), in units of the 8-place grid. */
  multiplierUnits: bigint;
  canCashOut: boolean;
  /** No move is left (every safe tile found): the round cashes out by itself. */
  complete: boolean;
  /** The screen's view; the secret part (the mine layout) only when `reveal`. */
  view(reveal: boolean): { mines: MinesViewOut | null; hilo: HiloViewOut | null };
  /** What original_rounds keeps for recall and verification once finished. */
  outcome(): Record<string, unknown>;
}

type MinesViewOut = {
  mineCount: number;
  revealed: { tile: number; safe: boolean }[];
  mines: number[] | null;
  nextMultiplier: number | null;
};
type HiloViewOut = {
  start: ReturnType<typeof playHilo>['start'];
  steps: {
    action: HiloMove;
    card: ReturnType<typeof playHilo>['start'];
    correct: boolean;
    multiplier: number;
  }[];
};

export const MINES: StepGame = {
  name: 'mines',
  floats: (params) => Number(params.mines),
  maxMultiplier: (params, edge) =>
    minesMultiplierUnits(Number(params.mines), MINES_TILES - Number(params.mines), edge),
  play(draw, params, moves, edge) {
    const count = Number(params.mines);
    const picks = moves as number[];
    const round = playMines(draw, count, picks, edge);
    const left = MINES_TILES - count - round.safePicks;
    return {
      lost: round.busted,
      multiplierUnits: round.multiplierUnits,
      canCashOut: !round.busted && round.safePicks > 0,
      complete: !round.busted && left === 0,
      view: (reveal) => ({
        mines: {
          mineCount: count,
          revealed: round.revealed,
          mines: reveal ? round.mines : null,
          nextMultiplier:
            !round.busted && left > 0 ? minesMultiplier(count, round.safePicks + 1, edge) : null,
        },
        hilo: null,
      }),
      outcome: () => ({
        mineCount: count,
        picks,
        mines: round.mines,
        revealed: round.revealed,
        busted: round.busted,
        safePicks: round.safePicks,
      }),
    };
  },
};

export type HiloMove = HiloGuess | 'skip';

function hiloAction(move: HiloMove): HiloAction {
  return move === 'skip' ? { kind: 'skip' } : { kind: 'guess', guess: move };
}

export const HILO: StepGame = {
  name: 'hilo',
  floats: (_params, moves) => moves.length + 1,
  // A chain of guesses has no ceiling: each guess is refused instead when its win would pass the max win.
  maxMultiplier: () => null,
  play(draw, _params, moves, edge) {
    const actions = (moves as HiloMove[]).map(hiloAction);
    const round = playHilo(draw, actions, edge);
    const steps = round.steps.map((step, i) => ({
      action: moves[i] as HiloMove,
      card: step.card,
      correct: step.correct,
      multiplier: step.multiplier,
    }));
    return {
      lost: round.lost,
      multiplierUnits: round.multiplierUnits,
      canCashOut: round.canCashOut,
      complete: false,
      view: () => ({ mines: null, hilo: { start: round.start, steps } }),
      outcome: () => ({ actions: moves, start: round.start, steps, lost: round.lost }),
    };
  },
};

/** The hilo multiplier if this guess is right: known before the card is drawn, so refusing it leaks nothing. */
export function hiloPotential(
  draw: number[],
  moves: readonly HiloMove[],
  move: HiloMove,
  edge: number,
): bigint {
  const round = playHilo(draw, moves.map(hiloAction), edge);
  if (move === 'skip') return round.multiplierUnits;
  const current = round.steps.at(-1)?.card ?? round.start;
  return chainMultiplierUnits(round.multiplierUnits, hiloPayoutUnits(current.value, move, edge));
}
