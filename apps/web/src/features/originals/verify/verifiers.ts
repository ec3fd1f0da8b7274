import { formatMultiplier } from '../../../lib/multiplier';
import {
  type DiceDirection,
  DEFAULT_HOUSE_EDGE,
  type HmacSha256Async,
  KENO_DRAWN,
  type KenoRisk,
  MINES_TILES,
  type PlinkoRisk,
  type WheelRisk,
  crashPoint,
  diceOdds,
  floatsAsync,
  HILO_GUESSES,
  type HiloAction,
  type HiloGuess,
  playHilo,
  playMines,
  playDice,
  playKeno,
  playLimbo,
  playWheel,
  playSlot,
  plinkoOutcome,
  SLOT_FLOATS,
  SLOT_LINE_COUNT,
} from '@sorte/fairness';

/**
 * What the verifier page can recompute, one entry per game: its inputs beyond the seeds, how to
 * read them back from a recorded round, and the computation itself (Web Crypto HMAC through
 * packages/fairness' floatsAsync, the same formulas the server ran). A new game (the slot) adds one
 * entry to VERIFIERS and its strings under `verify` in the originals namespace.
 */

export type FieldSpec =
  | {
      name: string;
      label: string;
      kind: 'select';
      options: readonly { value: string; label: string }[];
      initial: string;
    }
  | { name: string; label: string; kind: 'number' | 'text'; initial: string };

/** The page's inputs: seeds plus the game's fields, all as typed text. */
export type VerifyInput = Record<string, string>;

export interface ResultLine {
  /** Key under `verify.` (or a plain label). */
  label: string;
  value: string;
}

export interface VerifyResult {
  lines: ResultLine[];
  /** The payout multiplier at the given house edge (when the game has one per round). */
  multiplier?: number;
  /** The part of the outcome the server records, to compare with a loaded round. */
  outcome: Record<string, unknown>;
}

export interface Verifier {
  /** Whether the game uses the player's seed pair (crash uses the shared round hash instead). */
  seeded: boolean;
  fields: readonly FieldSpec[];
  /** Outcome keys compared with a recorded round's outcome. */
  compare: readonly string[];
  /** The game's field values read from a recorded round's outcome. */
  fromOutcome: (outcome: Record<string, unknown>) => VerifyInput;
  compute: (input: VerifyInput, hmac: HmacSha256Async) => Promise<VerifyResult>;
}

const risk3 = ['low', 'medium', 'high'] as const;
const riskOptions = (risks: readonly string[]) => risks.map((r) => ({ value: r, label: `risk.${r}` }));
const EDGE: FieldSpec = {
  name: 'houseEdge',
  label: 'verify.houseEdge',
  kind: 'number',
  initial: String(DEFAULT_HOUSE_EDGE * 100),
};

function num(input: VerifyInput, name: string): number {
  const value = Number(String(input[name] ?? '').replace(',', '.'));
  if (String(input[name] ?? '').trim() === '' || !Number.isFinite(value))
    throw new RangeError(`${name}: not a number`);
  return value;
}
const edgeOf = (input: VerifyInput) => (input.houseEdge ? num(input, 'houseEdge') / 100 : DEFAULT_HOUSE_EDGE);

function seedsOf(input: VerifyInput) {
  const nonce = num(input, 'nonce');
  if (!Number.isInteger(nonce) || nonce < 0) throw new RangeError('nonce: a whole number ≥ 0');
  return { serverSeed: input.serverSeed ?? '', clientSeed: input.clientSeed ?? '', nonce };
}

/** "3, 9 17;22" → [3, 9, 17, 22]. */
function listOf(text: string | undefined): number[] {
  return String(text ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
}

const draw = (input: VerifyInput, hmac: HmacSha256Async, count: number) =>
  floatsAsync(hmac, seedsOf(input), count);
const fixed = (n: number, d = 2) => n.toFixed(d);
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

const TABLE = {
  dice: {
    seeded: true,
    fields: [
      { name: 'target', label: 'dice.target', kind: 'number', initial: '50.50' },
      {
        name: 'direction',
        label: 'verify.direction',
        kind: 'select',
        options: [
          { value: 'over', label: 'dice.over' },
          { value: 'under', label: 'dice.under' },
        ],
        initial: 'over',
      },
      EDGE,
    ],
    compare: ['roll', 'win'],
    fromOutcome: (o) => ({ target: str(o.target), direction: str(o.direction) }),
    async compute(input, hmac) {
      const bet = {
        target: num(input, 'target'),
        direction: input.direction as DiceDirection,
        houseEdge: edgeOf(input),
      };
      const { roll, win, payout } = playDice(await draw(input, hmac, 1), bet);
      return {
        outcome: { roll, win },
        multiplier: payout,
        lines: [
          { label: 'verify.roll', value: fixed(roll) },
          { label: 'dice.chance', value: `${fixed(diceOdds(bet).chance * 100, 4)}%` },
        ],
      };
    },
  },
  limbo: {
    seeded: true,
    fields: [{ name: 'target', label: 'limbo.target', kind: 'number', initial: '2.00' }, EDGE],
    compare: ['result', 'win'],
    fromOutcome: (o) => ({ target: str(o.target) }),
    async compute(input, hmac) {
      const { result, win, payout } = playLimbo(await draw(input, hmac, 1), {
        target: num(input, 'target'),
        houseEdge: edgeOf(input),
      });
      return {
        outcome: { result, win },
        multiplier: payout,
        lines: [{ label: 'verify.limboResult', value: formatMultiplier(result) }],
      };
    },
  },
  wheel: {
    seeded: true,
    fields: [
      { name: 'risk', label: 'wheel.risk', kind: 'select', options: riskOptions(risk3), initial: 'medium' },
      {
        name: 'segments',
        label: 'wheel.segments',
        kind: 'select',
        options: ['10', '20', '30', '40', '50'].map((n) => ({ value: n, label: n })),
        initial: '30',
      },
      EDGE,
    ],
    compare: ['segment'],
    fromOutcome: (o) => ({ risk: str(o.risk), segments: str(o.segments) }),
    async compute(input, hmac) {
      const { segment, payout } = playWheel(await draw(input, hmac, 1), {
        segments: num(input, 'segments'),
        risk: input.risk as WheelRisk,
        houseEdge: edgeOf(input),
      });
      return {
        outcome: { segment },
        multiplier: payout,
        lines: [{ label: 'verify.segment', value: String(segment) }],
      };
    },
  },
  plinko: {
    seeded: true,
    fields: [
      { name: 'risk', label: 'plinko.risk', kind: 'select', options: riskOptions(risk3), initial: 'medium' },
      {
        name: 'rows',
        label: 'plinko.rows',
        kind: 'select',
        options: Array.from({ length: 9 }, (_, i) => ({ value: String(8 + i), label: String(8 + i) })),
        initial: '16',
      },
      EDGE,
    ],
    compare: ['path', 'bucket'],
    fromOutcome: (o) => ({ risk: str(o.risk), rows: str(o.rows) }),
    async compute(input, hmac) {
      const rows = num(input, 'rows');
      // The server draws 16 floats for every board and reads the first `rows`.
      const { path, bucket, multiplier } = plinkoOutcome(
        await draw(input, hmac, 16),
        rows,
        input.risk as PlinkoRisk,
        edgeOf(input),
      );
      return {
        outcome: { path, bucket },
        multiplier,
        lines: [
          { label: 'verify.path', value: path.join(' ') },
          { label: 'verify.bucket', value: String(bucket) },
        ],
      };
    },
  },
  keno: {
    seeded: true,
    fields: [
      { name: 'picks', label: 'verify.picks', kind: 'text', initial: '1,2,3,4,5' },
      {
        name: 'risk',
        label: 'keno.risk',
        kind: 'select',
        options: riskOptions(['low', 'classic', 'medium', 'high']),
        initial: 'classic',
      },
      EDGE,
    ],
    compare: ['drawn', 'hits'],
    fromOutcome: (o) => ({ picks: Array.isArray(o.picks) ? o.picks.join(',') : '', risk: str(o.risk) }),
    async compute(input, hmac) {
      const picks = listOf(input.picks);
      const { drawn, hits, payout } = playKeno(await draw(input, hmac, KENO_DRAWN), {
        picks,
        risk: input.risk as KenoRisk,
        houseEdge: edgeOf(input),
      });
      return {
        outcome: { drawn, hits },
        multiplier: payout,
        lines: [
          { label: 'verify.drawn', value: drawn.join(', ') },
          { label: 'verify.hitsCount', value: String(hits) },
        ],
      };
    },
  },
  mines: {
    seeded: true,
    fields: [
      { name: 'mines', label: 'verify.mines', kind: 'number', initial: '3' },
      { name: 'picks', label: 'verify.minePicks', kind: 'text', initial: '' },
      EDGE,
    ],
    compare: ['mines', 'revealed', 'busted'],
    fromOutcome: (o) => ({
      mines: str(
        typeof o.mineCount === 'number' ? o.mineCount : Array.isArray(o.mines) ? o.mines.length : o.mines,
      ),
      picks: Array.isArray(o.picks) ? o.picks.join(',') : '',
    }),
    async compute(input, hmac) {
      const count = num(input, 'mines');
      const picks = listOf(input.picks);
      // Stake draws the whole board's order (24 floats); the first `mines` are the mines.
      const round = playMines(await draw(input, hmac, MINES_TILES - 1), count, picks, edgeOf(input));
      const lines = [
        { label: 'verify.minePositions', value: [...round.mines].sort((a, b) => a - b).join(', ') },
      ];
      if (picks.length > 0)
        lines.push({
          label: 'verify.minePicks',
          value: round.revealed.map((r) => `${r.tile}${r.safe ? '✓' : '✗'}`).join(' '),
        });
      return {
        outcome: { mines: round.mines, revealed: round.revealed, busted: round.busted },
        multiplier: picks.length > 0 ? round.multiplier : undefined,
        lines,
      };
    },
  },
  hilo: {
    seeded: true,
    fields: [{ name: 'actions', label: 'verify.hiloActions', kind: 'text', initial: '' }, EDGE],
    compare: ['start', 'steps'],
    fromOutcome: (o) => ({ actions: Array.isArray(o.actions) ? o.actions.join(',') : '' }),
    async compute(input, hmac) {
      const moves = String(input.actions ?? '')
        .split(/[\s,;]+/)
        .filter(Boolean);
      for (const move of moves)
        if (move !== 'skip' && !(HILO_GUESSES as readonly string[]).includes(move))
          throw new RangeError(`actions: ${move}? (${[...HILO_GUESSES, 'skip'].join(', ')})`);
      const actions: HiloAction[] = moves.map((m) =>
        m === 'skip' ? { kind: 'skip' } : { kind: 'guess', guess: m as HiloGuess },
      );
      const round = playHilo(await draw(input, hmac, moves.length + 1), actions, edgeOf(input));
      // The same shape the server records for each step.
      const steps = round.steps.map((step, i) => ({
        action: moves[i],
        card: step.card,
        correct: step.correct,
        multiplier: step.multiplier,
      }));
      const cards = [round.start, ...round.steps.map((step) => step.card)];
      return {
        outcome: { start: round.start, steps },
        multiplier: round.multiplier,
        lines: [{ label: 'verify.cardsDrawn', value: cards.map((c) => `${c.rank}${c.suit}`).join(' → ') }],
      };
    },
  },
  carnaval: {
    seeded: true,
    // The slot has no choices: the total bet only scales the win, and its RTP does not depend on an edge.
    fields: [],
    compare: ['stops', 'units', 'freeSpins'],
    fromOutcome: () => ({}),
    async compute(input, hmac) {
      const round = playSlot(await draw(input, hmac, SLOT_FLOATS));
      const stops = round.spins.map((spin) => spin.stops);
      return {
        outcome: { stops, units: round.units, freeSpins: round.freeSpins },
        multiplier: round.payout,
        lines: [
          ...round.spins.map((spin) => ({
            label: spin.kind === 'base' ? 'verify.slotBaseSpin' : 'verify.slotFreeSpin',
            value: `${spin.stops.join(' ')} → ${spin.units}`,
          })),
          { label: 'verify.slotFreeSpins', value: String(round.freeSpins) },
          {
            label: 'verify.slotUnits',
            value: `${round.units} / ${SLOT_LINE_COUNT} = ${formatMultiplier(round.payout, { exact: true })}`,
          },
        ],
      };
    },
  },
  crash: {
    seeded: false,
    fields: [
      { name: 'gameHash', label: 'verify.gameHash', kind: 'text', initial: '' },
      { name: 'salt', label: 'verify.salt', kind: 'text', initial: '' },
      EDGE,
    ],
    compare: ['crashPoint'],
    fromOutcome: (o) => ({ gameHash: str(o.hash ?? o.gameHash), salt: str(o.salt) }),
    async compute(input, hmac) {
      if (!input.gameHash) throw new RangeError('gameHash: required');
      // crashPoint takes a synchronous HMAC: compute the one it needs with Web Crypto first.
      const bytes = await hmac(input.gameHash, input.salt ?? '');
      const point = crashPoint(() => bytes, input.gameHash, input.salt ?? '', edgeOf(input));
      return {
        outcome: { crashPoint: point },
        lines: [{ label: 'verify.crashPoint', value: formatMultiplier(point) }],
      };
    },
  },
} satisfies Record<string, Verifier>;

export type VerifyGame = keyof typeof TABLE;
/** The verifiers by game: the page's game list and its extension point (add the slot here). */
export const VERIFIERS: Record<VerifyGame, Verifier> = TABLE;
export const VERIFY_GAMES = Object.keys(VERIFIERS) as VerifyGame[];

export function isVerifyGame(game: string | null | undefined): game is VerifyGame {
  return typeof game === 'string' && game in VERIFIERS;
}

/** Whether the recomputed outcome equals the recorded one on the verifier's compared keys. */
export function outcomeMatches(
  verifier: Verifier,
  computed: Record<string, unknown>,
  recorded: Record<string, unknown>,
): boolean {
  return verifier.compare.every((k) => canonicalJson(computed[k]) === canonicalJson(recorded[k]));
}

/**
 * JSON with every object's keys sorted: a recorded outcome comes back from a jsonb column, which
 * stores keys in its own order ({safe, tile} for our {tile, safe}), so plain JSON text would differ.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
